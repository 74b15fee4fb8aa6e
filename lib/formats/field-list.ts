// Splits a field value that is a list (RFC 9110 §5.6.1 #rule; RFC 9651 §3.1 lists and dictionaries) into
// its elements on the commas outside quoted strings, each trimmed of optional whitespace. Parsing only: empty
// elements are kept, for the caller to judge (a sender must not generate them) or to drop (a recipient may).

/** The elements of a list field value, empty ones included. */
export function listElements(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === '\\') {
      cur += c + (value[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

// Whether an Accept field admits application/json (RFC 9110 §12.5.1): its media ranges read case-insensitively
// (§8.3.1), each weighed by its q, the most specific range that matches deciding. Pure: reads text only.

/** One media range of an Accept field: type and subtype in lower case, its weight, whether it has parameters. */
interface Range {
  type: string;
  subtype: string;
  q: number;
  params: boolean;
}

function parseRange(part: string): Range | undefined {
  const [media = '', ...rest] = part.split(';').map((s) => s.trim());
  const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\/([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(media);
  if (!m) return undefined;
  let q = 1;
  let params = false;
  for (const p of rest) {
    const [name = '', value = ''] = p.split('=').map((s) => s.trim());
    if (name.toLowerCase() === 'q') {
      // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) (RFC 9110 §12.4.2)
      if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return undefined;
      q = Number(value);
      break;
    }
    if (name !== '') params = true;
  }
  return { type: m[1]!.toLowerCase(), subtype: m[2]!.toLowerCase(), q, params };
}

/**
 * Whether `accept` admits application/json with a weight above zero; undefined when it cannot be read as a
 * list of media ranges or names JSON only with parameters (a match then depends on the representation's).
 */
export function admitsJson(accept: string): boolean | undefined {
  const ranges = accept
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(parseRange);
  if (ranges.length === 0 || ranges.some((r) => r === undefined)) return undefined;
  const rs = ranges as Range[];
  const exact = rs.filter((r) => r.type === 'application' && r.subtype === 'json');
  if (exact.some((r) => r.params)) return undefined;
  const ladder = [
    exact,
    rs.filter((r) => r.type === 'application' && r.subtype === '*'),
    rs.filter((r) => r.type === '*' && r.subtype === '*'),
  ];
  const decisive = ladder.find((l) => l.length > 0);
  if (!decisive) return false;
  return decisive.some((r) => r.q > 0);
}

/**
 * Accept fields a client may send that still admit application/json: a type wildcard, other capitals, JSON
 * below another type, and everything at a low weight. The list owes its JSON array to each.
 */
export const ACCEPTS_ADMITTING_JSON: ReadonlyArray<{ kind: string; accept: string }> = [
  { kind: 'any application subtype', accept: 'application/*' },
  { kind: 'JSON in capitals', accept: 'Application/JSON' },
  { kind: 'JSON at a lower weight than HTML', accept: 'application/json;q=0.5, text/html' },
  { kind: 'anything at a low weight', accept: '*/*;q=0.1' },
];

// What of a key can be read back from a text by decoding its base64: every run of base64 characters (standard
// or URL-safe, as written or escaped by a JSON, URL or HTML writer), decoded at each of its four alignments.
// Test support for the redaction tests and the hostile runs.

/** A writer's escapes of the base64 alphabet's punctuation, undone. */
function unescaped(text: string): string {
  return text
    .replace(/\\+\//g, '/')
    .replace(/\\u00(2[bBfF]|3[dD])/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/%(?:25)?(2[bBfF]|3[dD])/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#(43|47|61);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&#[xX](2[bBfF]|3[dD]);/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Where a redaction of ours stands in a text: a base64 label or an expression that rebuilds a key. */
const REDACTION = /\[base64 of [^\]]*\]|\$\(printf [^)]*\)|\$\{?ORDER_STORE_[A-Z_]+\}?(?:[%#]\?)?/g;

/** The bytes a base64 run gives at one alignment (its first `skip` characters belong to an earlier quantum). */
function decode(run: string, skip: number): string {
  const body = run.slice(skip).replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const whole = body.slice(0, body.length - (body.length % 4 === 1 ? 1 : 0));
  return Buffer.from(whole, 'base64').toString('latin1');
}

function pieces(key: string, n: number): string[] {
  return Array.from({ length: key.length - n + 1 }, (_, i) => key.slice(i, i + n));
}

/**
 * What of `key` decoding the base64 of `text` gives back: any four consecutive characters anywhere (a run that
 * still encodes the key), and any two right after a redaction of ours (what a base64 cut at the key's last
 * quantum leaves: base64 of `:key` redacted to `[base64 of ...]eHk=`, "xy"). Each finding names the run and what
 * it decodes to. Other runs are not read for pairs: random words decode to random pairs.
 */
export function keyLeaks(text: string, key: string): string[] {
  const plain = unescaped(text);
  const literal = (p: string) => p.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  // One expression per length, one pass per decoded run: outputs hold hundreds of thousands of runs.
  const quads = new RegExp(pieces(key, 4).map(literal).join('|'));
  const pairs = new RegExp(pieces(key, 2).map(literal).join('|'));
  const near = new Set<number>();
  const spans: Array<[number, number]> = [];
  for (const m of plain.matchAll(REDACTION)) {
    near.add(m.index);
    near.add(m.index + m[0].length);
    spans.push([m.index, m.index + m[0].length]);
  }
  // Runs come in order: one pointer walks the spans along.
  let span = 0;
  const inside = (at: number) => {
    while (span < spans.length && spans[span]![1] <= at) span++;
    return span < spans.length && spans[span]![0] <= at;
  };
  const found: string[] = [];
  for (const m of plain.matchAll(/[A-Za-z0-9+/_-]{2,}={0,2}/g)) {
    const run = m[0];
    const start = m.index;
    if (inside(start)) continue;
    const after = near.has(start);
    // Four bytes take six characters at least: shorter runs can only leak a pair, right after a redaction.
    if (run.length < 6 && !after) continue;
    for (let skip = 0; skip < 4 && skip < run.length - 1; skip++) {
      const bytes = decode(run, skip);
      const quad = quads.test(bytes);
      // Right after a redaction the run starts a quantum: what it decodes to followed the secret. (Right before
      // one, at most three characters share a quantum with the secret, and hold less than one of its bytes.)
      const pair = after && skip === 0 && pairs.test(bytes);
      if (quad || pair)
        found.push(`${JSON.stringify(run.slice(0, 60))} decodes to ${JSON.stringify(bytes.slice(0, 40))}`);
    }
  }
  return [...new Set(found)];
}

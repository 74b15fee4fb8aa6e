// How a message shows an orderId spelling and what a reader makes of it: a long run of one character kept as
// its ends and its count (0…0104, 1000 zeros), and the reading that names an id said by its radix ("an octal
// reading of 104 is 68"). Text only; decides nothing.
import { decodings } from './id-readings.ts';

/** A run of one character worth folding: long enough that its count reads better than its characters. */
const RUN = /(.)\1{7,}/gu;

/**
 * A spelling short enough for a message: as sent up to `max` characters; longer, its longest run of one
 * character folded to `c…c` with the run's length, then, if still long, its start and its length.
 */
export function shortSpelling(raw: string, max = 40): string {
  if (raw.length <= max) return raw;
  const runs = [...raw.matchAll(RUN)];
  const longest = runs.reduce<RegExpMatchArray | undefined>(
    (a, b) => (a && a[0].length >= b[0].length ? a : b),
    undefined,
  );
  if (longest?.index !== undefined) {
    const c = longest[1]!;
    const n = longest[0].length;
    const folded = `${raw.slice(0, longest.index)}${c}…${c}${raw.slice(longest.index + n)}`;
    if (folded.length <= max)
      return `${folded} (${c === '0' ? `${n} zeros` : `${n} × ${JSON.stringify(c)}`}, ${raw.length} characters)`;
  }
  return `${raw.slice(0, max - 10)}… (${raw.length} characters)`;
}

const RADIXES: ReadonlyArray<{ name: string; re: RegExp; base: string }> = [
  { name: 'a binary', re: /^\s*([+-]?)0b([01]+)/i, base: '0b' },
  { name: 'a hexadecimal', re: /^\s*([+-]?)0x([0-9a-f]+)/i, base: '0x' },
  { name: 'an octal', re: /^\s*([+-]?)0o?([0-7]+)/i, base: '0o' },
  // strtol base 16 without a prefix: "404000" read as 0x404000.
  { name: 'a hexadecimal', re: /^\s*([+-]?)([0-9a-f]+)/i, base: '0x' },
];

/**
 * The reading of `raw` that gives `n` when it is one in another radix ("an octal reading of 104 is 68"),
 * with its digits stripped of leading zeros; undefined for a decimal reading (the number says it all).
 */
export function radixReading(raw: string, n: bigint): string | undefined {
  for (const text of decodings(raw))
    for (const { name, re, base } of RADIXES) {
      const m = re.exec(text);
      if (!m) continue;
      const v = BigInt(`${base}${m[2]!}`) * (m[1] === '-' ? -1n : 1n);
      if (v !== n && BigInt.asIntN(64, v) !== n) continue;
      const digits = m[2]!.replace(/^0+(?=.)/, '');
      // A decimal-looking string read as itself is no other radix.
      if (`${m[1]}${digits}` === n.toString()) return undefined;
      return `${name} reading of ${m[1]}${digits} is ${n}`;
    }
  return undefined;
}

/** Who reads digits in each radix, as a message names them. */
const READERS: ReadonlyArray<{ name: string; re: RegExp; base: string; who: string }> = [
  { name: 'decimal', re: /^\s*([+-]?)(\d+)/, base: '', who: 'any decimal parser' },
  { name: 'octal', re: /^\s*([+-]?)0o?([0-7]+)/i, base: '0o', who: 'a leading 0, to strtol base 0' },
  {
    name: 'hexadecimal',
    re: /^\s*([+-]?)(?:0x)?([0-9a-f]+)/i,
    base: '0x',
    who: 'strtol base 16, which needs no 0x',
  },
  { name: 'binary', re: /^\s*([+-]?)0b([01]+)/i, base: '0b', who: 'a 0b prefix' },
];

/**
 * Every radix reading of a spelling as it stands (not decoded), as a message lists them: "decimal 1752, octal
 * 1002 (a leading 0, to strtol base 0), hexadecimal 5970 (strtol base 16, which needs no 0x)". Empty when the
 * spelling holds no digits at its start.
 */
export function radixReadings(raw: string): string[] {
  const out: string[] = [];
  for (const { name, re, base, who } of READERS) {
    const m = re.exec(raw);
    if (!m) continue;
    const v = BigInt(`${base}${m[2]!}`) * (m[1] === '-' ? -1n : 1n);
    out.push(`${name} ${v}${name === 'decimal' ? '' : ` (${who})`}`);
  }
  return out;
}

/**
 * What a message adds after "may read as n": the reading that gives n, and, when the spelling has readings in
 * several radixes, which were considered, so a reader who expects one (octal from a leading zero) sees why
 * another counts: any reading that may name an order keeps the spelling from being sent. Empty for a decimal
 * reading.
 */
export function readingNote(raw: string, n: bigint): string {
  const r = radixReading(raw, n);
  if (!r) return '';
  const all = radixReadings(raw);
  return all.length > 1
    ? ` (${r}; readings considered: ${all.join(', ')}; a spelling is sent only when none of them may name an order)`
    : ` (${r})`;
}

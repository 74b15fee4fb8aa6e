// The text pieces the spelling catalogue builds its segments from: a sign, percent-encoding, digits of other
// scripts, digits far beyond int64, and Python's underscored digits. Pure string helpers; they send nothing.

export const enc = (text: string): string => encodeURIComponent(text);
export const sign = (base: bigint): string => (base < 0n ? '-' : '');

export function digitsIn(zero: number, n: bigint): string {
  return [...n.toString()].map((c) => (c === '-' ? c : String.fromCodePoint(zero + Number(c)))).join('');
}

/** Long enough to be "far beyond" int64 (30+ digits). */
export function farBeyond(abs: bigint, size: number): string {
  const head = abs.toString();
  return head + '7'.repeat(Math.max(0, 30 - head.length) + (size % 12));
}

/** Python's int() takes an underscore between digits: 1_2 is 12, 0_7 is 7. */
export function underscored(base: bigint, abs: bigint, split: boolean): string {
  const digits = abs.toString();
  return split && digits.length > 1
    ? `${sign(base)}${digits[0]}_${digits.slice(1)}`
    : `${sign(base)}0_${digits}`;
}

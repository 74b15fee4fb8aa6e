// A count with its noun in the right number ("1 check", "2 checks"), for every line the console and the
// reports print. The floor of lib/ with errors.ts: imports nothing.

/** `n` and the noun, singular for exactly one. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

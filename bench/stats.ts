// Median and spread of repeated measurements: benchmarks report medians and ratios, never single timings.

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function describe(values: number[], unit: string): string {
  const s = [...values].sort((a, b) => a - b);
  return `median ${median(s).toFixed(2)} ${unit} (min ${s[0]!.toFixed(2)}, max ${s.at(-1)!.toFixed(2)}, n=${s.length})`;
}

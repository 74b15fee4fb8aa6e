// What a fault-matrix run needs besides the fault: the server clock an expectation asks for, the verdict each
// expected exit code stands for, and the order the runs start in. Shared by the single-fault matrix and the
// masking pairs.
import type { Caught } from './proof.ts';

export const VERDICT = { 0: 'conformant', 1: 'non-conformant', 3: 'incomplete' } as const;

/** A server clock running `speed` times faster than real time from its first reading. */
export function fastClock(speed: number): () => number {
  let start: number | undefined;
  return () => {
    const now = Date.now();
    start ??= now;
    return start + (now - start) * speed;
  };
}

/** The clock option of the reference server for an expectation (a fresh clock per server). */
export function clockOf(e: Caught): { clock?: () => number } {
  return e.clockSpeed === undefined ? {} : { clock: fastClock(e.clockSpeed) };
}

/**
 * How long a row's run waits on rate-limit windows, as a rank (higher: longer): the whole command with the probe
 * on a window the run meets (a real plan's window: the probe walks it, the surface and later look wait it out),
 * the probe alone on a compressed window, a window the later look waits out, and none (measured on the matrix:
 * 20-60 s, 2-30 s, 6 s, 1 s).
 */
export function waitRank(e: Caught): number {
  const args = e.args ?? [];
  const probe = !args.includes('--skip-rate-limit-probe');
  const windowed = e.reference?.rateLimit !== undefined;
  if (probe && windowed) return args.includes('--only') ? 2 : 3;
  return windowed || e.clockSpeed !== undefined ? 1 : 0;
}

/**
 * The order a file starts its runs in (every row kept), so that no long one starts late and runs on alone: the
 * probe alone on compressed windows first (light on the CPU; they warm the process), then the whole runs with
 * the probe, each as one of those frees its place, then the rest by rank. Not the whole runs first: their
 * opening phase is the heaviest, and ratelimit-bucket-per-route's whole run, which needs its first requests and
 * the walk within one window, missed when seven of them began together in a cold process.
 */
export function longestFirst<T>(rows: readonly T[], run: (row: T) => Caught): T[] {
  const place = (row: T) => {
    const rank = waitRank(run(row));
    return rank === 2 ? 4 : rank;
  };
  return [...rows].sort((a, b) => place(b) - place(a));
}

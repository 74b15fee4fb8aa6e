// What a fault-matrix run needs besides the fault: the server clock an expectation asks for, the verdict each
// expected exit code stands for, and the order the matrix starts its runs in. Shared by the single-fault matrix
// and the masking pairs.
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
 * on a window the run meets (the probe walks the window, the surface and the later look wait it out); the probe
 * alone on a compressed window; a window the later look waits out; none (measured on the matrix: 20-60 s,
 * 2-30 s, 6 s, 1 s).
 */
export function waitRank(e: Caught): number {
  const args = e.args ?? [];
  const probe = !args.includes('--skip-rate-limit-probe');
  const windowed = e.reference?.rateLimit !== undefined;
  if (probe && windowed) return args.includes('--only') ? 2 : 3;
  return windowed || e.clockSpeed !== undefined ? 1 : 0;
}

/**
 * `rows` in the order to start them (every row kept): the runs that wait on no window first, then those with
 * the probe on a window (the whole runs and the probe alone, in the catalogue's order, which puts them side by
 * side), and last the runs whose later look waits out a short window. So the long runs do not start last, and
 * no run bound to the server's clock shares the process with the first group's CPU-bound runs: among them, a
 * run's steps stretched by seconds and list-status-stale-after-cancel (a list read within 4 s of a cancel) was
 * missed. Nor the whole runs all first: ratelimit-bucket-per-route's whole run (its first requests and the walk
 * within one window) was missed when seven began together in a cold process.
 */
export function startOrder<T>(rows: readonly T[], run: (row: T) => Caught): T[] {
  const PLACE = [0, 2, 1, 1] as const;
  const place = (row: T) => PLACE[waitRank(run(row))] ?? 0;
  return [...rows].sort((a, b) => place(a) - place(b));
}

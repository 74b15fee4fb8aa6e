// The order a file of whole-command runs against the reference server starts them in: the longest waits on
// rate-limit windows first, so that none starts late and runs on alone. Orders only; every run is kept.

/** What decides how long a run waits: its arguments, the reference server's limit and answer delay, its clock. */
export interface RunSetUp {
  args?: readonly string[];
  reference?: { rateLimit?: unknown; delayMs?: number };
  clockSpeed?: number;
}

/**
 * How long a run waits on rate-limit windows, as a rank (higher: longer): the whole command with the probe on
 * a window the run meets, or any run whose answers are held (the probe walks the window, the surface and the
 * later look wait it out); the probe alone on a compressed window; a window the later look waits out; none
 * (measured on the fault matrix: 20-60 s, 2-30 s, 6 s, 1 s).
 */
export function waitRank(e: RunSetUp): number {
  const args = e.args ?? [];
  const probe = !args.includes('--skip-rate-limit-probe');
  const windowed = e.reference?.rateLimit !== undefined;
  if (probe && windowed) return args.includes('--only') && !e.reference?.delayMs ? 2 : 3;
  return windowed || e.clockSpeed !== undefined ? 1 : 0;
}

/**
 * `rows` in the order to start them (every row kept), so that no long one starts late and runs on alone: the
 * probe alone on compressed windows first (light on the CPU; they warm the process), then the whole runs with
 * the probe, each as one of those frees its place, then the rest by rank. Not the whole runs first: their
 * opening phase is the heaviest, and ratelimit-bucket-per-route's whole run, which needs its first requests
 * and the walk within one window, missed when seven of them began together in a cold process.
 */
export function longestFirst<T>(rows: readonly T[], run: (row: T) => RunSetUp): T[] {
  const place = (row: T) => {
    const rank = waitRank(run(row));
    return rank === 2 ? 4 : rank;
  };
  return [...rows].sort((a, b) => place(b) - place(a));
}

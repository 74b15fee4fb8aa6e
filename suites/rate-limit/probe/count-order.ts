// The order a limiter counted requests sent together in, read from their answers: served ones first, by
// X-RateLimit-Remaining falling, then the refusals. One count answers them as it would one at a time, so the
// walk (and a recording's) reads them as a sequence. Pure; never sends.
import { REFUSAL_STATUSES } from './record.ts';

export interface Counted {
  status: number;
  remaining?: number;
  atMs: number;
}

const refused = (c: Counted) => c.status === 429 || REFUSAL_STATUSES.has(c.status);

/** `items` in the order their answers say they were counted in (a stable sort: ties keep their arrival). */
export function countOrder<T>(items: readonly T[], read: (t: T) => Counted): T[] {
  return items
    .map((t, i) => ({ t, i, c: read(t) }))
    .sort(
      (a, b) =>
        Number(refused(a.c)) - Number(refused(b.c)) ||
        (b.c.remaining ?? Number.NEGATIVE_INFINITY) - (a.c.remaining ?? Number.NEGATIVE_INFINITY) ||
        a.c.atMs - b.c.atMs ||
        a.i - b.i,
    )
    .map((x) => x.t);
}

// When the walk repeats the list and a cache before the limiter answers it (mod_cache honouring a public
// max-age): Remaining stands still while lists are served, and the walk goes on with a request no cache
// answers, an id the run has already proven absent. Decides only; walk.ts sends.

import { orderPath } from '../../kit/paths.ts';
import type { TargetFacts } from '../../kit/target-facts.ts';
import { left, type ProbeRequest, type Sample } from './record.ts';
import { windowStarts } from './windows.ts';

/** Served list answers in a row, each leaving Remaining where the one before said, before a switch. */
const UNMOVED_STEPS = 3;
/** Or, over at least this many steps, Remaining fell on fewer than a third (a cache that expires now and then). */
const SLOW_STEPS = 6;

const served2xx = (s: Sample) => s.status >= 200 && s.status < 300;

/**
 * Whether the walk's list answers show a limiter that never sees them: within one window, the last
 * UNMOVED_STEPS answers 2xx left Remaining where it stood, or over SLOW_STEPS or more it fell on fewer than
 * a third of them, and they carry Age or a Remaining below Limit − 1. A counted list falls by one with each
 * (or more, with other traffic on the key).
 */
export function listNotCounted(samples: readonly Sample[]): boolean {
  const starts = windowStarts(samples);
  const from = Math.max(0, starts.lastIndexOf(true));
  const window = samples.slice(from).filter((s) => left(s) !== undefined);
  if (window.length <= UNMOVED_STEPS || !window.every(served2xx)) return false;
  // A limiter that gives a token back as each is spent stands at Limit − 1 as well (paced.ts walks it): only a
  // stored answer's Age (RFC 9111 §5.1), or a Remaining below that, tells a cache's replay from it.
  const replayed = window.some((s) => s.response.headers.age !== undefined);
  const last = window[window.length - 1]!;
  if (!replayed && (last.limit === undefined || left(last)! >= last.limit - 1)) return false;
  const steps = window.slice(1).map((s, i) => left(window[i]!)! - left(s)!);
  if (steps.slice(-UNMOVED_STEPS).every((d) => d === 0)) return true;
  return steps.length >= SLOW_STEPS && steps.filter((d) => d > 0).length * 3 < steps.length;
}

/**
 * The request the walk goes on with instead of an uncounted list: a cancel of the id the run already proved
 * absent (a 404 changes nothing; never a new id drawn from the list's gaps), while a DELETE of an id not given
 * may still be sent. Undefined when none may: the walk then goes on as it was.
 */
export async function countedInstead(target: TargetFacts): Promise<ProbeRequest | undefined> {
  if (target.deleteGate.refusal() !== undefined) return undefined;
  const absent = await target.absentId();
  return absent === undefined
    ? undefined
    : {
        method: 'DELETE',
        path: orderPath(absent),
        label:
          'DELETE /store/orders/{an id proven absent} (the list is answered before the limiter counts it)',
      };
}

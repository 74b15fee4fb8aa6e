// Where the walk's repeated request is not counted, the request it goes on with: a list a cache answers gives
// way to a cancel of an id proven absent (uncached.ts), a cancel the limiter ignores to the list (uncounted.ts).
// Decides and logs; walk.ts sends.
import type { Tools } from '../../kit/context.ts';
import { cheapList } from './reading.ts';
import { left, type ProbeRequest, type Sample } from './record.ts';
import { countedInstead, listNotCounted } from './uncached.ts';
import { repeatedUncounted, UNCOUNTED_STEPS } from './uncounted.ts';

/** The request to repeat instead of `repeated`, when the answers so far show the limiter never counts it. */
export async function switchedRequest(
  env: Tools,
  repeated: ProbeRequest,
  samples: readonly Sample[],
  last: Sample,
): Promise<ProbeRequest | undefined> {
  // The list answered before the limiter (a front's cache): the walk goes on with a cancel none answers.
  if (repeated.method === 'GET' && listNotCounted(samples)) {
    const cancel = await countedInstead(env.target);
    if (cancel)
      env.log(
        `  X-RateLimit-Remaining stood at ${left(last)} while the list was served: the limiter does not see it, so the walk repeats ${cancel.label}`,
      );
    return cancel;
  }
  if (repeated.method === 'DELETE' && repeatedUncounted(samples)) {
    // The answers so far counted nothing: the walk goes on with the list, within the bound it has (each
    // unmoved answer already moved it one further). They stay in the walk: a Remaining that never moves
    // whatever is sent is RL-PROBE-REMAINING-COUNTS' to judge.
    const list = await cheapList(env.target, 'the absent-id cancel takes nothing from X-RateLimit-Remaining');
    if (list)
      env.log(
        `  ${UNCOUNTED_STEPS} answers left X-RateLimit-Remaining at ${left(last)}: the limiter does not count this request, so the walk repeats ${list.label} instead`,
      );
    return list;
  }
  return undefined;
}

// Whether a run could show a truncated Retry-After (koa-ratelimit's `(reset - now) | 0`): only when the
// request sent after waiting it left before the window truly ended. The Reset is read to the microsecond (the
// package writes it so) and the target shares this machine's clock. Test support; judges nothing itself.
import { parseHar } from '../../lib/formats/har.ts';
import type { CliRun } from '../support/cli.ts';
import { transcriptOf } from '../support/passive.ts';

/**
 * Why the run's recovery could not meet the truncation, or undefined when it could: the request of the key
 * after its first 429 (the walk's, which the recovery waits out) went out at or after the moment that 429's
 * X-RateLimit-Reset named, so the window was over whatever Retry-After said (the truncated part was under
 * the wait's own margin).
 */
export function truncationHidden(run: CliRun): string | undefined {
  const mine = parseHar(transcriptOf(run), 'transcript.har').filter((e) => e.ours.bucket === 'primary');
  const first = mine.findIndex((e) => e.status === 429);
  const refused = mine[first];
  const next = first < 0 ? undefined : mine[first + 1];
  const reset = Number(refused?.responseHeaders.find(([n]) => n.toLowerCase() === 'x-ratelimit-reset')?.[1]);
  if (!refused || !next || !Number.isFinite(reset)) return undefined;
  const late = next.startedMs - reset * 1000;
  return late >= 0
    ? `the request after the 429 went out ${late} ms after the Reset it named (${reset}): the truncated part of Retry-After was under the wait's margin`
    : undefined;
}

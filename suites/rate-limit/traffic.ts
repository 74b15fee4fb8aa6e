// The rate-limit checks judged from recorded traffic: the headers of every response as a run reads them (by
// credential bucket), and the probe's checks over the probe a recording shows (probe/from-traffic.ts): the
// window that ended in the key's first 429, and the requests sent once its Retry-After had passed.
import type { Ctx } from '../kit/context.ts';
import { NotObserved } from '../kit/traffic.ts';
import type { TrafficJudges } from '../kit/traffic-judges.ts';
import { rateLimitProbe } from './probe/checks.ts';
import { recordedProbe } from './probe/from-traffic.ts';
import { probeOf, useRecordedProbe } from './probe/session.ts';

/** An RL-PROBE check's own run, over the probe the recording shows. */
function probeJudge(id: string) {
  const check = rateLimitProbe.checks.find((c) => c.id === id)!;
  return async (ctx: Ctx) => {
    useRecordedProbe(ctx, () => recordedProbe(ctx));
    if (id === 'RL-PROBE-429-BODY') {
      const { walk } = await probeOf(ctx).run();
      const limited = walk.kind === 'done' ? walk.value.limited : undefined;
      // Its body unrecorded, a 429 would read as having none: not observed rather than passed.
      if (limited?.response.exchange.response?.bodyTruncated)
        throw new NotObserved('the 429 was recorded without its body');
    }
    await check.run!(ctx);
  };
}

const HEADERS = 'any answered request of the API';
const WINDOWS = 'requests of one credential across a window, and one after its Reset moment';
const WALK = 'requests with the key up to a 429 in one window (a client that reaches the limit)';
const LIMITED = 'a 429 to a request with the key';

export const RATE_LIMIT_TRAFFIC: TrafficJudges = {
  'RL-PROBE-PLAN-LIMIT': {
    judge: probeJudge('RL-PROBE-PLAN-LIMIT'),
    shows: 'a request with the key, and the key’s plan given with --plan',
  },
  'RL-PROBE-LIMIT-ENFORCED': { judge: probeJudge('RL-PROBE-LIMIT-ENFORCED'), shows: WALK },
  'RL-PROBE-LIMIT-NOT-EARLY': { judge: probeJudge('RL-PROBE-LIMIT-NOT-EARLY'), shows: WALK },
  'RL-PROBE-REMAINING-COUNTS': { judge: probeJudge('RL-PROBE-REMAINING-COUNTS'), shows: WALK },
  'RL-PROBE-REMAINING-STEP': { judge: probeJudge('RL-PROBE-REMAINING-STEP'), shows: WALK },
  'RL-PROBE-LIMITER-MODEL': { judge: probeJudge('RL-PROBE-LIMITER-MODEL'), shows: WALK },
  'RL-PROBE-RESET-WINDOW': { judge: probeJudge('RL-PROBE-RESET-WINDOW'), shows: WALK },
  'RL-PROBE-429-RETRY-AFTER': { judge: probeJudge('RL-PROBE-429-RETRY-AFTER'), shows: LIMITED },
  'RL-PROBE-RETRY-AFTER-CONSISTENT': { judge: probeJudge('RL-PROBE-RETRY-AFTER-CONSISTENT'), shows: LIMITED },
  'RL-PROBE-429-HEADERS': { judge: probeJudge('RL-PROBE-429-HEADERS'), shows: LIMITED },
  'RL-PROBE-429-BODY': { judge: probeJudge('RL-PROBE-429-BODY'), shows: LIMITED },
  'RL-PROBE-SECOND-KEY': {
    shows: 'the second key read just before, and while, the first is limited',
  },
  'RL-PROBE-RECOVERY': {
    judge: probeJudge('RL-PROBE-RECOVERY'),
    shows: 'a 429 to a request with the key, and the client’s next request once its Retry-After has passed',
  },
  'RL-PROBE-BURST': {
    shows: 'Remaining + 1 concurrent requests in a fresh window (the opt-in burst sends them)',
  },
  'RL-PROBE-FORWARDED-HEADERS': {
    shows:
      'walk requests naming other client addresses in the forwarding headers (only the probe sends them)',
  },
  'RL-PROBE-COST': { shows: 'what the probe spends (a passive run sends nothing)' },
  'EVERY-RL-HEADER-ONCE': { judge: 'run', shows: HEADERS },
  'RL-HEADERS-PRESENT': { judge: 'run', shows: HEADERS },
  'RL-HEADERS-VALID': { judge: 'run', shows: HEADERS },
  'RL-HEADERS-RESET-UNIX-SECONDS': { judge: 'run', shows: HEADERS },
  'RL-HEADERS-RETRY-AFTER-VALID': { judge: 'run', shows: 'an answer with Retry-After (a 429)' },
  'RL-HEADERS-NO-UNEARNED-BAN': { judge: 'run', shows: 'a 429, and the requests of its key before it' },
  'RL-HEADERS-LIMIT-BY-STATUS': { judge: 'run', shows: HEADERS, buckets: true },
  'RL-HEADERS-RESET-STABLE': { judge: 'run', shows: WINDOWS, buckets: true },
  'RL-HEADERS-NEW-WINDOW': { judge: 'run', shows: WINDOWS, buckets: true },
  'RL-BUCKET-ONE-COUNT': {
    judge: 'run',
    shows: 'requests with the key to several operations within one window',
    buckets: true,
  },
  'RL-BUCKET-ONE-UNIT': {
    judge: 'run',
    shows: 'consecutive requests with the key within one window',
    buckets: true,
  },
};

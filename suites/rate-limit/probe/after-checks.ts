// The RL-PROBE checks of what follows the walk: the second key while the first is limited, the recovery after
// the wait, the opt-in burst, and what the probe cost. They read the probe's record (session.ts), which the
// first of them to run sends; only the recovery's is one a recording shows too.

import type { CheckDefinition } from '../../../lib/check/model.ts';
import { input } from '../../../lib/check/skip.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import { type Ctx, check } from '../../kit/context.ts';
import { loopSample } from './access.ts';
import { judgeOnly, PROBE_FLOOR, probeNeeds } from './cost.ts';
import { judgeBurst, judgeRecovery, judgeSecondKey } from './judge-after-walk.ts';
import { servedAlonePastZero } from './judge-together.ts';
import { apply, take } from './judgement.ts';
import { type ProbeRecord, RECOVERY_ATTEMPTS, REFUSAL_STATUSES, type Sample, WALK_MARGIN } from './record.ts';
import { finishedProbe, probeOf, probeRecord, sendProbe } from './session.ts';

/**
 * What the walk showed of requests sent one at a time: those served past Remaining 0, or none when it reached
 * the limit without any; unknown (undefined) when it did not walk to a refusal.
 */
function aloneOf(walk: ProbeRecord['walk']): Sample[] | undefined {
  if (walk.kind !== 'done') return undefined;
  const alone = servedAlonePastZero(walk.value);
  return alone.length > 0 || walk.value.limited ? alone : undefined;
}

export const AFTER_WALK_CHECKS: CheckDefinition<Ctx>[] = [
  check({
    id: 'RL-PROBE-SECOND-KEY',
    judgesRefusals: true,
    spec: 'spec §8 (limits depend on the plan); spec §5 rule 5 (key scope not shown)',
    level: 'INFO',
    rules: ['5.r5'],
    requirement:
      'Whether limits are per key is not shown (how a key is scoped is not shown): recorded by reading a second key before and while the first is limited.',
    basis: [SPEC.limitsByPlan, SPEC.keyScope],
    title: `Sends the repeated request with ${flagRef('secondApiKey')} before the walk and after the 429`,
    needs: { requests: PROBE_FLOOR + 2, probe: true, secondKey: true },
    recorded: { only: 'the second key read just before, and while, the first is limited' },
    async run(ctx: Ctx) {
      const record = await probeOf(ctx).run();
      const k = take(ctx, record.secondKey);
      ctx.evidence(k.before.response.exchange, k.after.response.exchange);
      apply(ctx, judgeSecondKey(k));
    },
  }),
  check({
    id: 'RL-PROBE-RECOVERY',
    judgesRefusals: true,
    spec: 'spec §8 rule 4',
    level: 'MUST',
    rules: ['8.r4'],
    requirement:
      'A client that waits the Retry-After before retrying is served again: the next request is not 429.',
    rationale:
      "How much of the quota came back is the limiter's choice and only recorded; the exponential backoff after a second 429 is bounded and only reports when the limit lifts. A refusal less than a second past the moment the wait named is no failure: whole-second Retry-After and X-RateLimit-Reset cannot express the fraction (a limiter that floors its window's end lifts up to a second late), and a note says by how much; an X-RateLimit-Reset that names the moment to a fraction of a second leaves no such grace.",
    basis: [SPEC.retryAfterWait, RFC.retryAfterMeaning],
    title: `Waits what the 429 said, then sends one request (at most ${RECOVERY_ATTEMPTS} tries with backoff)`,
    needs: probeNeeds,
    recorded: {
      shows: 'a 429 to a request with the key, and the client’s next request once its Retry-After has passed',
    },
    send: sendProbe,
    async judge(ctx: Ctx) {
      const record = await probeRecord(ctx);
      const r = take(ctx, record.recovery);
      ctx.evidence(...r.attempts.map((s) => s.response.exchange));
      // Reproduced as it happened: the walk to the 429, the Retry-After wait, the one retry.
      const wait = r.waitsMs[0];
      if (record.walk.kind === 'done' && wait !== undefined) {
        const walk = record.walk.value;
        const last = loopSample(walk);
        const max = Math.max(walk.bound, (walk.samples[0]?.limit ?? 0) + WALK_MARGIN);
        if (last)
          ctx.reproduceUntil({
            exchange: last.response.exchange,
            status: 429,
            max,
            thenAfterSeconds: wait / 1000,
          });
      }
      apply(ctx, judgeRecovery(r));
    },
  }),
  check({
    id: 'RL-PROBE-BURST',
    judgesRefusals: true,
    level: 'MUST',
    rules: ['8.r3'],
    requirement: 'Of Remaining + 1 simultaneous requests in a fresh window, at most Remaining succeed.',
    rationale:
      'When requests exceed the limit the response is 429 (spec §8 rule 3), concurrent ones included.',
    basis: [SPEC.exceeded429],
    title: `Sends Remaining + 1 identical requests at once right after the recovery (${flagRef('burst')})`,
    needs: { ...probeNeeds, optIn: 'burst' },
    recorded: { only: 'Remaining + 1 concurrent requests in a fresh window (the opt-in burst sends them)' },
    async run(ctx: Ctx) {
      const record = await probeOf(ctx).run();
      const b = take(ctx, record.burst);
      ctx.evidence(
        ...b.samples
          .filter((s) => s.status === 429 || REFUSAL_STATUSES.has(s.status))
          .slice(0, 2)
          .map((s) => s.response.exchange),
      );
      apply(ctx, judgeBurst(b, aloneOf(record.walk)));
    },
  }),
  check({
    id: 'RL-PROBE-COST',
    judgesRefusals: true,
    spec: 'spec §8',
    level: 'INFO',
    rules: ['8.r3'],
    requirement: 'What the probe planned to spend, and what it spent: requests and waiting.',
    title: 'Sends nothing; reads the probe’s record',
    needs: judgeOnly,
    recorded: { only: 'what the probe spends (a passive run sends nothing)' },
    async run(ctx: Ctx) {
      const record = finishedProbe(ctx);
      if (!record)
        ctx.skip(
          `the probe did not run: no RL-PROBE check that sends was selected (${flagRef('only')} / ${flagRef('skip')})`,
          input('only'),
        );
      ctx.note(`planned: ${record.planned}`);
      ctx.observe(`spent ${record.actual}`, 1);
    },
  }),
];

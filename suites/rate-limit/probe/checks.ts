// spec §8 Limits: the rate-limit probe. Runs after every other sender, one request at a time; the walk to the
// 429 and everything after it is one bounded sequence (session.ts) that these checks judge.
// No check sends on its own, and nothing is ever sent inside a Retry-After period.
import { UNMET } from '../../../lib/check/needs.ts';
import { input } from '../../../lib/check/skip.ts';
import { settingOf } from '../../../lib/config/settings.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import type { Ctx } from '../../kit/context.ts';
import { check, suite } from '../../kit/context.ts';
import { expectErrorBody } from '../../kit/expect.ts';
import { describeStatus, viewOf } from '../../kit/responses.ts';
import { limitedCheck, limitedOf, walkCheck, walkOf } from './access.ts';
import { judgeOnly, PROBE_FLOOR, probeNeeds } from './cost.ts';
import {
  judge429Headers,
  judgeBurst,
  judgeConsistency,
  judgeRecovery,
  judgeRetryAfter,
  judgeSecondKey,
} from './judge-after-walk.ts';
import { judgeCounts, judgeEnforced, judgeNotEarly, judgeReset, judgeSteps } from './judge-walk.ts';
import { apply, take } from './judgement.ts';
import { PLAN_LIMITS, RECOVERY_ATTEMPTS, WALK_MARGIN } from './record.ts';
import { seriesOf } from './series.ts';
import { finishedProbe, probeOf } from './session.ts';

export const rateLimitProbe = suite({
  id: 'RL-PROBE',
  title: 'Rate-limit probe',
  spec: 'spec §8',
  checks: [
    check({
      id: 'RL-PROBE-PLAN-LIMIT',
      spec: 'spec §8 table',
      level: 'MUST',
      rules: ['8.plans'],
      requirement:
        "X-RateLimit-Limit equals the plan's requests per minute or per day (Free 60/1,000, Pro 300/10,000, Business 1,000/100,000; Enterprise custom).",
      basis: [
        SPEC.limitsByPlan,
        SPEC.planFree,
        SPEC.planPro,
        SPEC.planBusiness,
        SPEC.planEnterprise,
        SPEC.rateLimitHeaders,
      ],
      title: 'Reads X-RateLimit-Limit from one DELETE /store/orders/{an id proven absent}',
      needs: { requests: 2, probe: true, keyPlan: true },
      async run(ctx: Ctx) {
        const plan = ctx.config.plan;
        if (!plan) ctx.skip(UNMET.keyPlan);
        const reading = take(ctx, await probeOf(ctx).reading());
        const { sample } = reading;
        ctx.evidence(sample.response.exchange);
        // A Limit that came from --plan itself proves nothing about the target.
        const seen = reading.limitFrom === '--plan' ? undefined : reading.limit;
        if (reading.limitFrom === 'an earlier response')
          ctx.note('the reading carried no X-RateLimit-Limit; the latest response that did was used');
        if (plan === 'enterprise') {
          ctx.observe(
            `Limit ${seen ?? 'absent'}; Enterprise limits are custom (spec §8 rule 6), so any value is accepted`,
            1,
          );
          return;
        }
        const { perMinute, perDay } = PLAN_LIMITS[plan];
        ctx.require(
          seen === perMinute || seen === perDay,
          `X-RateLimit-Limit is ${seen ?? 'absent'}, not the ${plan} plan's ${perMinute} per minute or ${perDay} per day`,
          {
            expected: `${perMinute} or ${perDay}`,
            actual: String(seen ?? 'absent'),
            exchange: sample.response.exchange,
          },
        );
        ctx.observe(`Limit ${seen}: the ${plan} plan's ${seen === perMinute ? 'minute' : 'day'} limit`, 1);
      },
    }),
    check({
      id: 'RL-PROBE-LIMIT-ENFORCED',
      level: 'MUST',
      rules: ['8.r3', '7.429'],
      requirement: 'A request that exceeds the limit is answered 429 Too Many Requests.',
      rationale:
        'Judged as: no success once Remaining is 0 in the window (unless the limiter is seen to refill gradually, as a token bucket does), and a 429 within Remaining + 3 requests; when Remaining never moves, no more than X-RateLimit-Limit served before the first Reset moment.',
      basis: [SPEC.exceeded429],
      title: `Repeats DELETE /store/orders/{an id proven absent} (the list when that answer lacks the headers), one at a time, until the 429 (at most Remaining + ${WALK_MARGIN})`,
      needs: probeNeeds,
      async run(ctx: Ctx) {
        const { record, walk } = await walkOf(ctx);
        ctx.note(`planned: ${record.planned}`);
        ctx.note(`cost: ${record.actual}`);
        const series = seriesOf(record);
        if (series) ctx.series(series);
        apply(ctx, judgeEnforced(walk, record.recovery.kind === 'done' ? record.recovery.value : undefined));
      },
    }),
    walkCheck(
      {
        id: 'RL-PROBE-LIMIT-NOT-EARLY',
        spec: 'spec §8 rules 1 and 3',
        level: 'MUST',
        rules: ['8.r1', '8.r3'],
        requirement:
          'The 429 comes when the advertised limit is exceeded, not while X-RateLimit-Remaining still says requests are left.',
        rationale: 'A tolerance of 5 % of Limit (at least 1) allows for other traffic on the key.',
        basis: [SPEC.rateLimited429, SPEC.rateLimitHeaders],
        title: 'Reads the Remaining of the response before the walk’s 429',
      },
      judgeNotEarly,
    ),
    walkCheck(
      {
        id: 'RL-PROBE-REMAINING-COUNTS',
        spec: 'spec §8 rules 1 and 3',
        level: 'MUST',
        rules: ['8.r1', '8.r3'],
        requirement:
          'X-RateLimit-Remaining falls with the requests the limit counts, and X-RateLimit-Limit stays the same within a window.',
        rationale:
          "Remaining may stay or rise on a step when the limiter refills between requests, but not through the whole walk; values below 0 or above Limit are RL-HEADERS-VALID's.",
        basis: [SPEC.rateLimitHeaders, SPEC.exceeded429],
        title: 'Follows X-RateLimit-Remaining and -Limit through the walk',
      },
      judgeCounts,
    ),
    walkCheck(
      {
        id: 'RL-PROBE-REMAINING-STEP',
        level: 'INFO',
        rules: ['8.r1'],
        requirement:
          'With the key to itself, Remaining falls by exactly one per request; larger steps are recorded (other traffic may share the key).',
        basis: [SPEC.rateLimitHeaders],
        title: 'Measures each step of X-RateLimit-Remaining through the walk',
      },
      judgeSteps,
    ),
    walkCheck(
      {
        id: 'RL-PROBE-RESET-WINDOW',
        level: 'MUST',
        rules: ['8.r2'],
        requirement:
          'X-RateLimit-Reset is a Unix timestamp in seconds of the moment the limit resets: after the response, at most a day (plus skew) ahead, never moving back within the window.',
        rationale:
          'A Reset that moves later with requests, as a token bucket full again later does, is recorded, not judged.',
        basis: [SPEC.resetMoment],
        title: 'Follows X-RateLimit-Reset through the walk',
      },
      (walk) => judgeReset(walk.samples),
    ),
    limitedCheck(
      {
        id: 'RL-PROBE-429-RETRY-AFTER',
        level: 'SHOULD',
        rules: ['8.r4', '8.r8'],
        requirement:
          'The 429 carries a Retry-After giving the time the client is to wait before retrying, in either form (delay-seconds or HTTP-date).',
        rationale:
          'Spec §8 rule 4 tells the client "to wait for the time given in the Retry-After header": a rule that has the client use what only the server can supply binds the server to supply it, and a 429 without one leaves a client unable to follow the rule (it can only guess from X-RateLimit-Reset). RFC 6585 §4 alone lets a 429 leave it out (MAY); the spec, the more specific, does not. SHOULD, not MUST: the spec words the rule as the client\'s, not as the server\'s in so many words. A value that is sent must match its grammar (RL-HEADERS-RETRY-AFTER-VALID).',
        basis: [SPEC.retryAfterWait, RFC.retryAfterMeaning],
        title: 'Reads Retry-After on the walk’s 429',
      },
      judgeRetryAfter,
    ),
    limitedCheck(
      {
        id: 'RL-PROBE-RETRY-AFTER-CONSISTENT',
        spec: 'spec §8 rules 2, 4 and 8',
        level: 'SHOULD',
        rules: ['8.r2', '8.r4'],
        requirement:
          'The Retry-After wait ends no later than the X-RateLimit-Reset moment, so waiting until the reset is enough.',
        rationale:
          "Allows 2 s + 10 % for clock skew and rounding; a shorter Retry-After (a token bucket's next token) is consistent. SHOULD, not MUST: the spec states neither the unit of Retry-After nor its relation to Reset.",
        basis: [SPEC.resetMoment, RFC.retryAfterMeaning],
        title: 'Compares Retry-After with X-RateLimit-Reset on the walk’s 429',
      },
      judgeConsistency,
    ),
    limitedCheck(
      {
        id: 'RL-PROBE-429-HEADERS',
        level: 'MUST',
        rules: ['8.r1'],
        requirement:
          'The 429 carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, with Remaining 0.',
        basis: [SPEC.rateLimitHeaders],
        title: 'Reads the rate-limit headers of the walk’s 429',
      },
      judge429Headers,
    ),
    check({
      id: 'RL-PROBE-429-BODY',
      spec: 'spec §7; spec §7 rule 3; spec §2 Error',
      level: 'MUST',
      rules: ['7.error-object', '7.r3'],
      requirement:
        'A 429 that carries a body carries an Error object whose status is 429 (the body itself is not shown, spec §7 rule 3).',
      basis: [SPEC.errorObject, SPEC.errorStatus],
      title: 'Validates the body, if any, of the walk’s 429',
      needs: probeNeeds,
      async run(ctx: Ctx) {
        const limited = await limitedOf(ctx);
        const res = limited.response;
        if (res.bytes === 0) {
          ctx.observe('429 without a body (allowed: the 429 body is not shown, spec §7 rule 3)', 1);
          return;
        }
        expectErrorBody(ctx, viewOf(res), res.exchange);
        ctx.observe(`429 with a valid Error body (${describeStatus(res)})`, 1);
      },
    }),
    check({
      id: 'RL-PROBE-SECOND-KEY',
      spec: 'spec §8 (limits depend on the plan); spec §5 rule 5 (key scope not shown)',
      level: 'INFO',
      rules: ['5.r5'],
      requirement:
        'Whether limits are per key is not shown (how a key is scoped is not shown): recorded by reading a second key before and while the first is limited.',
      basis: [SPEC.limitsByPlan, SPEC.keyScope],
      title: 'Sends the repeated request with --second-api-key before the walk and after the 429',
      needs: { requests: PROBE_FLOOR + 2, probe: true, secondKey: true },
      async run(ctx: Ctx) {
        const record = await probeOf(ctx).run();
        const k = take(ctx, record.secondKey);
        ctx.evidence(k.before.response.exchange, k.after.response.exchange);
        apply(ctx, judgeSecondKey(k));
      },
    }),
    check({
      id: 'RL-PROBE-RECOVERY',
      spec: 'spec §8 rule 4',
      level: 'MUST',
      rules: ['8.r4'],
      requirement:
        'A client that waits the Retry-After before retrying is served again: the next request is not 429.',
      rationale:
        "How much of the quota came back is the limiter's choice and only recorded; the exponential backoff after a second 429 is bounded and only reports when the limit lifts.",
      basis: [SPEC.retryAfterWait, RFC.retryAfterMeaning],
      title: `Waits what the 429 said, then sends one request (at most ${RECOVERY_ATTEMPTS} tries with backoff)`,
      needs: probeNeeds,
      async run(ctx: Ctx) {
        const record = await probeOf(ctx).run();
        const r = take(ctx, record.recovery);
        ctx.evidence(...r.attempts.map((s) => s.response.exchange));
        // Reproduced as it happened: the walk to the 429, the Retry-After wait, the one retry.
        const wait = r.waitsMs[0];
        if (record.walk.kind === 'done' && wait !== undefined) {
          const walk = record.walk.value;
          const last = walk.limited ?? walk.samples.at(-1);
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
      level: 'MUST',
      rules: ['8.r3'],
      requirement: 'Of Remaining + 1 simultaneous requests in a fresh window, at most Remaining succeed.',
      rationale:
        'When requests exceed the limit the response is 429 (spec §8 rule 3), concurrent ones included.',
      basis: [SPEC.exceeded429],
      title: 'Sends Remaining + 1 identical requests at once right after the recovery (--burst)',
      needs: { ...probeNeeds, optIn: 'burst' },
      async run(ctx: Ctx) {
        const b = take(ctx, (await probeOf(ctx).run()).burst);
        ctx.evidence(
          ...b.samples
            .filter((s) => s.status === 429)
            .slice(0, 2)
            .map((s) => s.response.exchange),
        );
        apply(ctx, judgeBurst(b));
      },
    }),
    check({
      id: 'RL-PROBE-COST',
      spec: 'spec §8',
      level: 'INFO',
      rules: ['8.r3'],
      requirement: 'What the probe planned to spend, and what it spent: requests and waiting.',
      title: 'Sends nothing; reads the probe’s record',
      needs: judgeOnly,
      async run(ctx: Ctx) {
        const record = finishedProbe(ctx);
        if (!record)
          ctx.skip(
            `the probe did not run: no RL-PROBE check that sends was selected (${settingOf('only').flag} / ${settingOf('skip').flag})`,
            input('only'),
          );
        ctx.note(`planned: ${record.planned}`);
        ctx.observe(`spent ${record.actual}`, 1);
      },
    }),
  ],
});

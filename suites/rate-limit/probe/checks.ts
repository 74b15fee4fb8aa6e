// spec §8 Limits: the rate-limit probe. Runs after every other sender, one request at a time; the walk to the
// 429 and everything after it is one bounded sequence (session.ts), the checks' one sending, whose record
// (sent, or shown by a recording) their judges read. Nothing is ever sent inside a Retry-After period.

import { UNMET } from '../../../lib/check/needs.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import type { Ctx } from '../../kit/context.ts';
import { check, suite } from '../../kit/context.ts';
import { bucketReadings } from '../../kit/limiter-buckets.ts';
import { servedWhileSpent } from '../../kit/limiter-spent.ts';
import { WALK_SHOWS, walkCheck, walkOf } from './access.ts';
import { AFTER_WALK_CHECKS } from './after-checks.ts';
import { FORWARDING_HEADERS } from './client-address.ts';
import { probeNeeds } from './cost.ts';
import { keySamples, recordedProbe } from './from-traffic.ts';
import { judgeClientAddress } from './judge-client-address.ts';
import { judgeCounts, judgeSteps } from './judge-counts.ts';
import { judgeKeySpelling } from './judge-key-spelling.ts';
import { judgeEnforced, judgeNotEarly } from './judge-limit.ts';
import { judgeReset } from './judge-reset.ts';
import { withSpent } from './judge-spent.ts';
import { apply, take } from './judgement.ts';
import { noSpelling, SPELLING_AT, STANDS_OUT } from './key-spelling.ts';
import { keylessSteps } from './keyless-counted.ts';
import { LIMITED_CHECKS } from './limited-checks.ts';
import { modelLimiter } from './model.ts';
import { PLAN_LIMITS, WALK_MARGIN } from './record.ts';
import { seriesOf } from './series.ts';
import { probeOf, sendProbe } from './session.ts';

export const rateLimitProbe = suite({
  id: 'RL-PROBE',
  title: 'Rate-limit probe',
  spec: 'spec §8',
  checks: [
    check({
      id: 'RL-PROBE-PLAN-LIMIT',
      judgesRefusals: true,
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
      recorded: { shows: `a request with the key, and the key’s plan given with ${flagRef('plan')}` },
      async send(ctx: Ctx) {
        if (ctx.config.plan) await probeOf(ctx).reading();
      },
      async judge(ctx: Ctx) {
        const plan = ctx.config.plan;
        if (!plan) ctx.skip(UNMET.keyPlan);
        const reading = take(ctx, await probeOf(ctx).readingSent());
        const { sample } = reading;
        ctx.evidence(sample.response.exchange);
        // A Limit that came from --plan itself proves nothing about the target.
        const seen = reading.limitFrom === 'plan' ? undefined : reading.limit;
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
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r3', '7.429'],
      requirement: 'A request that exceeds the limit is answered 429 Too Many Requests.',
      rationale:
        "Judged as: whatever the algorithm, no more than X-RateLimit-Limit answers served between an answer and the moment its X-RateLimit-Reset names (a fixed window, a sliding log and a token bucket whose Reset is when it is full again all keep to it; several counters behind one key do not; without a Date, answers that all name the very same Reset while Remaining runs as counts side by side are one such window); no success once Remaining is 0 in the window (unless the limiter is seen to refill gradually, as a token bucket does), no more served after the last few requests before Remaining 0, sent together, than Remaining said were left (a count read and written back apart lets concurrent requests past it), and a 429 within Remaining + 3 requests; against a limiter that gives capacity back as fast as one request at a time spends it (Remaining staying at Limit - 1 past the moments Reset names), no more of Limit + 1 requests sent together once it is whole again than Limit and the tokens its headers allow back while they arrive; a refusal with another status (403, 503) where the limit would be reached, in the walk or after its wait, is no 429; and no request of another operation served between an answer that left Remaining 0 and the 429 that count gave next, when its own answer shows it counted by nothing (Remaining at the Limit, or its operation's previous Remaining and Reset repeated, as a cache before the limiter replays them). One counted apart is RL-BUCKET-ONE-COUNT's.",
      basis: [SPEC.exceeded429],
      title: `Repeats DELETE /store/orders/{an id proven absent} (the list when that answer lacks the headers; that cancel again when the list's Remaining stands still, as a cache before the limiter answers it), one at a time but the last few before Remaining 0 together, until the 429 (at most Remaining + ${WALK_MARGIN}; Limit + 1 together once whole again when a refill keeps pace with the walk); at Remaining 0, one GET /store/orders first when the run's answers suggest the list stands apart from that count (and, when they showed it replayed, one more just before Remaining 0, so a cache entry that expired meanwhile is stored anew)`,
      needs: probeNeeds,
      recorded: { shows: WALK_SHOWS },
      send: sendProbe,
      async judge(ctx: Ctx) {
        const { record, walk } = await walkOf(ctx);
        ctx.note(`planned: ${record.planned}`);
        ctx.note(`cost: ${record.actual}`);
        const series = seriesOf(record);
        if (series) ctx.series(series);
        // The run's requests with the key as a recording of it shows them: what the walk did not send counts too.
        const run = recordedProbe(ctx).walk;
        // A request of another operation served while the walk's count stood spent, counted by nothing.
        const spent = servedWhileSpent(ctx.transcript.all(), ctx.config.baseUrl);
        apply(
          ctx,
          withSpent(
            judgeEnforced(
              walk,
              record.recovery.kind === 'done' ? record.recovery.value : undefined,
              run.kind === 'done' ? run.value.samples : [],
            ),
            spent,
          ),
        );
      },
    }),
    walkCheck(
      {
        id: 'RL-PROBE-LIMIT-NOT-EARLY',
        judgesRefusals: true,
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
    check({
      id: 'RL-PROBE-REMAINING-COUNTS',
      judgesRefusals: true,
      spec: 'spec §8 rules 1 and 3',
      level: 'MUST',
      rules: ['8.r1', '8.r3'],
      requirement:
        'X-RateLimit-Remaining falls with the requests the limit counts, and X-RateLimit-Limit stays the same within a window.',
      rationale:
        "Remaining may stay or rise on a step when the limiter refills between requests, but not through the whole walk, and not faster than any limiter refills: between two answers to the key's requests sent one after another (the walk's, or the run's), both naming one X-RateLimit-Reset still more than 2.5 s ahead (read by the answer's Date), a rise of k needs more than k - 1 requests given back, which a fixed window never does within one Reset, a sliding log does only as that moment comes, and a limiter whole again by that Reset does at most at Limit - Remaining per time to Reset (2 s of whole-second rounding allowed). Values below 0 or above Limit are RL-HEADERS-VALID's.",
      basis: [SPEC.rateLimitHeaders, SPEC.exceeded429],
      title: 'Follows X-RateLimit-Remaining and -Limit through the walk and the run’s requests with the key',
      needs: probeNeeds,
      recorded: { shows: WALK_SHOWS },
      send: sendProbe,
      async judge(ctx: Ctx) {
        const { record, walk } = await walkOf(ctx);
        const recovery = record.recovery.kind === 'done' ? record.recovery.value : undefined;
        apply(ctx, judgeCounts(walk, keySamples(ctx), recovery));
      },
    }),
    walkCheck(
      {
        id: 'RL-PROBE-REMAINING-STEP',
        judgesRefusals: true,
        level: 'INFO',
        rules: ['8.r1'],
        requirement:
          'With the key to itself, Remaining falls by exactly one per request; larger steps are recorded (other traffic may share the key).',
        basis: [SPEC.rateLimitHeaders],
        title: 'Measures each step of X-RateLimit-Remaining through the walk',
      },
      // The run's own requests with the key counted between two of the walk's answers explain a step.
      (walk, ctx) => judgeSteps(walk, ctx.transcript.all()),
    ),
    check({
      id: 'RL-PROBE-LIMITER-MODEL',
      spec: 'spec §8',
      level: 'INFO',
      rules: ['8.r3'],
      requirement:
        'How the limiter counts is not shown (a fixed window, a sliding log, a token bucket; several counters behind one key; weights per method or path; a count per path; a front refusing on its own): recorded from what the probe saw, while the check that owns each requirement judges it whatever the algorithm.',
      basis: [SPEC.exceeded429],
      title:
        'Reads the walk, the recovery and every answer of the run sent with the key into a model of the limiter',
      needs: probeNeeds,
      recorded: { shows: WALK_SHOWS },
      send: sendProbe,
      async judge(ctx: Ctx) {
        const { record, walk } = await walkOf(ctx);
        const recovery = record.recovery.kind === 'done' ? record.recovery.value : undefined;
        const bucket = bucketReadings(ctx.transcript.all(), ctx.config.baseUrl).find(
          ([key]) => key === 'primary',
        )?.[1];
        apply(ctx, modelLimiter(walk, recovery, bucket, keylessSteps(ctx.transcript.all())));
      },
    }),
    walkCheck(
      {
        id: 'RL-PROBE-RESET-WINDOW',
        judgesRefusals: true,
        level: 'MUST',
        rules: ['8.r2'],
        requirement:
          'X-RateLimit-Reset is a Unix timestamp in seconds of the moment the limit resets: after the response, at most a day (plus skew) ahead, never moving back within the window.',
        rationale:
          'A Reset that moves later with requests, as a token bucket full again later does, is recorded, not judged; so is one that switches between counts running side by side behind one key (worker processes, each naming its own window’s end), whose counting RL-PROBE-LIMIT-ENFORCED judges.',
        basis: [SPEC.resetMoment],
        title: 'Follows X-RateLimit-Reset through the walk',
      },
      (walk) => judgeReset(walk.samples),
    ),
    check({
      id: 'RL-PROBE-FORWARDED-HEADERS',
      judgesRefusals: true,
      level: 'SHOULD',
      rules: ['8.plans', '8.r3'],
      requirement:
        "A request naming another client address in the headers a client writes (X-Forwarded-For, Forwarded, X-Real-IP, True-Client-IP...) counts with the key's requests: the key's count keeps falling, and past the limit it is refused with 429 like any other.",
      rationale:
        "The limits depend on the plan (spec §8), and one client sending more than the limit with one key exceeds it whatever address its headers name: a limiter that takes the client's address from a header the client writes gives each named address a fresh count, so the limit is the client's choice. The walk names documentation addresses (RFC 5737) on its 3rd and 5th requests and on the first one after Remaining 0; a server behind a proxy reads the address its proxy adds and stays silent. SHOULD, not MUST: the spec does not say in so many words what a limit counts by (per key, per client), and RL-PROBE-SECOND-KEY only records it.",
      basis: [SPEC.limitsByPlan, SPEC.planTableHead, SPEC.exceeded429],
      title: `Sends some of the walk's requests naming a documentation address (192.0.2.x) in ${FORWARDING_HEADERS.join(', ')}, and reads whether they counted with the key's`,
      needs: probeNeeds,
      recorded: {
        only: 'walk requests naming other client addresses in the forwarding headers (only the probe sends them)',
      },
      async run(ctx: Ctx) {
        await sendProbe(ctx);
        apply(ctx, judgeClientAddress((await walkOf(ctx)).walk));
      },
    }),
    check({
      id: 'RL-PROBE-KEY-SPELLING',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r3'],
      requirement:
        'A request with the key under another spelling of the scheme the server accepts ("bearer <key>") counts with the key\'s requests: past the limit it is answered 429 like "Bearer <key>".',
      rationale: `The auth scheme is case-insensitive (RFC 9110 §11.1), so "bearer <key>" is the same credentials, from the same client: a limiter keyed by the Authorization line's bytes gives each spelling a count of its own, and a client escapes the limit by re-spelling its header. Only a spelling a request of the run saw answered 2xx is sent (AUTH-SCHEME-CASE-INSENSITIVE sends one), never a guess: one of the walk's requests goes so (from its #${SPELLING_AT} on, sent alone, while Remaining stands ${STANDS_OUT} or more below the Limit, so a count of its own would stand out), each on a connection opened for it alone, since a server that caches a connection's header values hands back the earlier "Bearer <key>" for one equal but for case; when its answer comes from a count of its own, the first request past Remaining 0 goes so too, before any other, and the key's next request, as "Bearer <key>", must still be refused. It costs no request the walk would not send, and a server that accepts only "Bearer" is sent nothing new. Several counts behind one key that move apart for "Bearer" too blame no spelling.`,
      basis: [SPEC.exceeded429, RFC.schemeCaseInsensitive],
      title: `Sends one of the walk's requests (and, when it counted apart, its first past Remaining 0) with the key under the other spelling of the scheme the run saw accepted ("Authorization: bearer <key>"), and reads whether it counted with the key's`,
      needs: probeNeeds,
      recorded: {
        only: 'walk requests with the key under another spelling of the scheme (only the probe sends them)',
      },
      async run(ctx: Ctx) {
        await sendProbe(ctx);
        const { walk } = await walkOf(ctx);
        if (!walk.respelled) ctx.skip(noSpelling(ctx));
        apply(ctx, judgeKeySpelling(walk));
      },
    }),
    ...LIMITED_CHECKS,
    ...AFTER_WALK_CHECKS,
  ],
});

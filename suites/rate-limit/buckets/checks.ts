// One bucket per key, one unit per request (spec §8: limits in requests per minute, by plan): read from the
// X-RateLimit-* headers of every request the run made with a key, whatever it asked for. Runs with the
// whole-run suites, last; sends nothing.
import { OUTCOME } from '../../../lib/check/skip.ts';
import { SPEC } from '../../kit/basis.ts';
import { type Ctx, check, suite } from '../../kit/context.ts';
import { bucketReadings } from '../../kit/limiter-buckets.ts';
import {
  type BucketReading,
  exchangeOf,
  overcharged,
  type Prediction,
  stepText,
  unruled,
} from '../../kit/limiter-counts.ts';
import type { Key } from '../../kit/limiter-requests.ts';
import { type SpentServed, servedWhileSpent } from '../../kit/limiter-spent.ts';
import { pastResets } from '../../kit/reset-past.ts';

const keyName = (k: Key) => (k === 'primary' ? 'the key' : 'the second key');

/** The answers a partition read as separate counts does not explain either, as the report says them. */
const misfitText = (misfits: readonly Prediction[]): string =>
  `${misfits.length} continue none, counted finer still or with other traffic, e.g. ${misfits
    .slice(0, 2)
    .map(
      (p) =>
        `Remaining ${p.r.remaining} on #${p.r.x.seq} (${p.r.parts.route}) where ${p.predicted} would continue it`,
    )
    .join(', ')}`;

/** The key's requests served while its count stood spent that continue a count of their own. */
const countedApart = (ctx: Ctx, key: Key): SpentServed[] =>
  servedWhileSpent(ctx.transcript.all(), ctx.config.baseUrl, key).filter((a) => a.uncounted === undefined);

function spentProblem(ctx: Ctx, key: Key, a: SpentServed): void {
  ctx.problem(
    `${a.served.parts.route} #${a.served.x.seq} of ${keyName(key)} was served ${a.served.status} with X-RateLimit-Remaining ${a.served.remaining}, right after #${a.spent.x.seq} (${a.spent.parts.route}) left it 0 and before #${a.refused.x.seq}, the next of that operation, was refused 429 in the same window: it draws on a count of its own (per operation, or one of several counters behind the key), so the key is served past its limit`,
    {
      exchange: a.served.x,
      expected: '429, as the next request of the key was',
      actual: `${a.served.status}`,
    },
  );
  ctx.evidence(a.spent.x, a.refused.x);
}

/** Each key's reading; a check that finds nothing to judge in them says so by observing none. */
const readings = (ctx: Ctx): ReadonlyArray<[Key, BucketReading]> =>
  bucketReadings(ctx.transcript.all(), ctx.config.baseUrl);

export const rateLimitBuckets = suite({
  id: 'RL-BUCKET',
  title: 'Rate-limit buckets (whole run)',
  spec: 'spec §8 (limits in requests per minute, by plan)',
  checks: [
    check({
      id: 'RL-BUCKET-ONE-COUNT',
      judgesRefusals: true,
      spec: 'spec §8 and table',
      level: 'SHOULD',
      rules: ['8.plans', '8.r1'],
      requirement:
        "Every request of a key draws on one count, whatever its method and path: within a window X-RateLimit-Remaining continues from the key's previous request.",
      rationale:
        "A key's limit is its plan's, counted in requests. SHOULD, not MUST: the spec states the limit as requests per minute of the plan without saying in so many words that every operation draws on one count, and defines X-RateLimit-Remaining only by its presence; whether several keys share a count is not shown (RL-PROBE-SECOND-KEY). A request of another operation served between an answer that left Remaining 0 and the 429 that count gave next, its own answer continuing a count, shows a count of its own whatever X-RateLimit-Reset says.",
      basis: [SPEC.limitsByPlan, SPEC.planTableHead],
      title:
        'Follows X-RateLimit-Remaining across the methods and paths of every request of the run sent with a key',
      needs: { requests: 0 },
      recorded: { shows: 'requests with the key to several operations within one window', buckets: true },
      async judge(ctx: Ctx) {
        let judged = 0;
        for (const [key, b] of readings(ctx)) {
          judged += b.judged;
          const s = b.separate;
          // Another operation served while this count stood spent shows a count of its own, whatever Reset says.
          const apart = s ? [] : countedApart(ctx, key);
          for (const a of apart) spentProblem(ctx, key, a);
          judged += apart.length;
          // A Reset already past places no two answers in one window: nothing judged, nothing passed.
          const past = s ? undefined : pastResets(ctx.transcript.all(), ctx.config.baseUrl, key);
          if (past && apart.length === 0)
            ctx.skip(
              `X-RateLimit-Reset of ${keyName(key)} named a moment already past on ${past.past} of ${past.of} answers (RL-PROBE-RESET-WINDOW's finding: a window's start, not its end), so no two answers can be placed in one window to follow one count across methods and paths: not judged, and not passed`,
              OUTCOME,
            );
          if (!s) continue;
          const first = s.rises[0]!;
          const how = s.ownWindows
            ? `each ${s.part} names a window of its own: X-RateLimit-Reset ${first.r.reset} on #${first.r.x.seq} (${first.r.parts.route}) right after ${first.from!.reset} on #${first.from!.x.seq} (${first.from!.parts.route}), neither window over, as on ${s.rises.length} answers in all`
            : `within one window it went ${stepText(first)} (${first.r.parts.route}, right after ${first.from!.parts.route} #${first.from!.x.seq}), as on ${s.rises.length} answers in all`;
          const fit = s.misfits
            ? `${s.judged - s.misfits.length} of the ${s.judged} answers judged continue the count of their own ${s.part} (one count per key misreads ${s.rises.length} rises; ${misfitText(s.misfits)})`
            : `each of the ${s.judged} answers judged continues the count of its own ${s.part}`;
          ctx.problem(
            `X-RateLimit-Remaining of ${keyName(key)} keeps a separate count per ${s.part}: ${how}, and ${fit}`,
            {
              exchange: first.r.x,
              expected: `${first.from!.remaining! - 1}`,
              actual: `${first.r.remaining}`,
            },
          );
          ctx.evidence(first.from!.x, ...s.rises.slice(1, 3).map(exchangeOf));
        }
        ctx.observe(
          `one count per key across methods and paths (${judged} answers read within a window of the key's; none when no two answers name one Reset moment)`,
          judged,
        );
      },
    }),
    check({
      id: 'RL-BUCKET-ONE-UNIT',
      judgesRefusals: true,
      spec: 'spec §8 table (requests per minute); spec §8 rule 1',
      level: 'SHOULD',
      rules: ['8.plans', '8.r1'],
      requirement: 'Each request of a key takes one from X-RateLimit-Remaining, whatever it asks for.',
      rationale:
        "The limits count requests (spec §8 table: requests per minute), so a request that takes two (a DELETE charged double) halves the plan's limit for it. SHOULD, not MUST: the spec defines X-RateLimit-Remaining only by its presence. A step of more than one is a finding only when it is that kind of request's rule (more than half its steps, at least three), not other traffic on the key.",
      basis: [SPEC.planTableHead, SPEC.limitsByPlan, SPEC.rateLimitHeaders],
      title: 'Measures by how much each request of the run sent with a key made X-RateLimit-Remaining fall',
      needs: { requests: 0 },
      recorded: { shows: 'consecutive requests with the key within one window', buckets: true },
      async judge(ctx: Ctx) {
        let judged = 0;
        const unsure: Prediction[] = [];
        let problems = 0;
        for (const [key, b] of readings(ctx)) {
          // The steps read one by one, counted as they come (a long recording's every step kept was the peak).
          let steps = 0;
          const over = overcharged({
            eachStep: (visit) =>
              b.eachStep((p) => {
                steps += 1;
                visit(p);
              }),
          });
          judged += steps;
          // A step of more than one on a route too few steps show as its rule: no pass says it fell by one.
          unsure.push(...unruled(b, over));
          for (const o of over) {
            problems += 1;
            const first = o.over[0]!;
            const fell = first.from!.remaining! - first.r.remaining!;
            ctx.problem(
              `X-RateLimit-Remaining of ${keyName(key)} fell by more than one for ${o.over.length} of ${o.steps} ${o.route} requests (e.g. by ${fell}: ${stepText(first)}): each counted as more than one request`,
              {
                exchange: first.r.x,
                expected: `${first.from!.remaining! - 1}`,
                actual: `${first.r.remaining}`,
              },
            );
            ctx.evidence(first.from!.x, ...o.over.slice(1, 3).map(exchangeOf));
          }
        }
        if (unsure.length > 0 && problems === 0) {
          const u = unsure[0]!;
          ctx.evidence(u.from!.x, u.r.x);
          ctx.skip(
            `X-RateLimit-Remaining fell by more than one on ${unsure.length} of ${judged} steps (e.g. ${stepText(u)}, ${u.r.parts.route}), too few of one kind of request to tell a weight of its own from other traffic on the key (three are needed): not judged, and not passed`,
            OUTCOME,
          );
        }
        ctx.observe(
          `Remaining fell by at most one per request (${judged} steps from one answer of a count to the next)`,
          judged,
        );
      },
    }),
  ],
});

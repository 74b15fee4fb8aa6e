// How the RL-PROBE checks' judges reach the probe's record (sent, or shown by a recording): the walk with its
// evidence and reproduction attached, the walk's 429, what traffic shows them, and the factories of the checks
// that send the probe and judge them. Never sends itself: the session does (what it costs is cost.ts).
import type { CheckDefinition, CheckInput } from '../../../lib/check/model.ts';
import { type Ctx, check } from '../../kit/context.ts';
import { probeNeeds } from './cost.ts';
import { noLimitCause, noLimitWhy } from './counters-walk.ts';
import { apply, type Judgement, judged, take } from './judgement.ts';
import { type ProbeRecord, type Sample, WALK_MARGIN, type Walk } from './record.ts';
import { laterRefusal } from './refusal.ts';
import { probeRecord, sendProbe } from './session.ts';

/**
 * The walk, with the probe's last samples attached as evidence; its reproduction is a loop that repeats
 * the walk's request until the 429 (never three copies of one curl line).
 */
export async function walkOf(ctx: Ctx): Promise<{ record: ProbeRecord; walk: Walk }> {
  const record = await probeRecord(ctx);
  const walk = take(ctx, record.walk);
  ctx.evidence(...walk.samples.slice(-3).map((s) => s.response.exchange));
  const last = loopSample(walk);
  // Whoever reruns it may start from a full window: up to Limit + the walk's margin.
  const max = Math.max(walk.bound, (walk.samples[0]?.limit ?? 0) + WALK_MARGIN);
  if (last) ctx.reproduceUntil({ exchange: last.response.exchange, status: 429, max });
  return { record, walk };
}

/**
 * The sample a reproduction loop repeats: the walk's last (its 429), or the one before it when that was the
 * held fixture's cancel sent past the limit (a loop of it would cancel the fixture, not reach the 429).
 */
export function loopSample(walk: Walk): Sample | undefined {
  const end = walk.limited ?? walk.samples.at(-1);
  return end !== undefined && end === walk.overLimit ? walk.samples.at(-2) : end;
}

/** The walk's 429; the check is skipped when the walk met none. */
export async function limitedOf(ctx: Ctx): Promise<Sample> {
  return limitedIn(ctx, (await walkOf(ctx)).walk);
}

function limitedIn(ctx: Ctx, walk: Walk): Sample {
  if (!walk.limited) ctx.skip(noLimitWhy(walk), noLimitCause(walk));
  return walk.limited;
}

/** The traffic that shows the checks of the walk: a client that reaches the limit. */
export const WALK_SHOWS = 'requests with the key up to a 429 in one window (a client that reaches the limit)';
/** The traffic that shows the checks of the walk's 429. */
export const LIMITED_SHOWS = 'a 429 to a request with the key';

/** What an RL-PROBE check that judges the probe's record states about itself: its rule and title. */
export type JudgingCheck = Omit<CheckInput<Ctx>, 'needs' | 'run' | 'send' | 'judge' | 'recorded'>;

/** An RL-PROBE check that judges the walk (the probe is sent once, for every check that reads it). */
export function walkCheck(
  meta: JudgingCheck,
  judge: (walk: Walk, ctx: Ctx) => Judgement | string,
): CheckDefinition<Ctx> {
  return check({
    ...meta,
    needs: probeNeeds,
    recorded: { shows: WALK_SHOWS },
    send: sendProbe,
    async judge(ctx: Ctx) {
      apply(ctx, judge((await walkOf(ctx)).walk, ctx));
    },
  });
}

/**
 * The refusals an RL-PROBE check of the 429 judges: the walk's, and a refusal with another status met only in
 * the recovery (a front's 403 page), judged as that limiter's 429. Skipped when the walk met no 429.
 */
export async function refusalsOf(ctx: Ctx): Promise<{ walk: Walk; refusals: Sample[] }> {
  const { record, walk } = await walkOf(ctx);
  const limited = limitedIn(ctx, walk);
  const later = laterRefusal(walk, record.recovery.kind === 'done' ? record.recovery.value : undefined);
  if (later) ctx.evidence(later.response.exchange);
  return { walk, refusals: later ? [limited, later] : [limited] };
}

/** Two judgements of one check as one: a reason to skip only when both have nothing to judge. */
function both(a: Judgement | string, b: Judgement | string): Judgement | string {
  if (typeof a === 'string') return b;
  if (typeof b === 'string') return a;
  return judged(
    [a.observed, b.observed].filter((o) => o !== '').join('; '),
    a.count + b.count,
    [...a.findings, ...b.findings],
    [...a.notes, ...b.notes],
  );
}

/** An RL-PROBE check that judges the walk's 429 (skipped when the walk met none), with the walk it ended. */
export function limitedCheck(
  meta: JudgingCheck,
  judge: (limited: Sample, walk: Walk) => Judgement | string,
): CheckDefinition<Ctx> {
  return check({
    ...meta,
    needs: probeNeeds,
    recorded: { shows: LIMITED_SHOWS },
    send: sendProbe,
    async judge(ctx: Ctx) {
      const { walk, refusals } = await refusalsOf(ctx);
      apply(ctx, refusals.map((r) => judge(r, walk)).reduce(both));
    },
  });
}

// The spelling run: the catalogue's kinds (catalogue.ts), each sent against a pending fixture where that is
// safe and a lenient reading names it, and around an absent id otherwise; by default one rotating variant per
// kind, every variant under --exhaustive. Sent once per run and read by the ID-MALFORMED- and ID-CANCEL-
// checks; it never judges. Only fixtures from --cancellable-order-ids are ever spelled.
import { type Skip, SkipSignal } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { type KnownOrders, knownOrders, noKnownReason } from '../kit/known-orders.ts';
import { orderPath } from '../kit/paths.ts';
import {
  invalidEncoding,
  kindOf,
  SPELLING_KINDS,
  type SpellingKind,
  type SpellingLevel,
} from './catalogue.ts';
import { FixturePool, type NotOnFixture } from './fixtures.ts';
import { absentCase, malformedSegment } from './malformed.ts';
import { SATURATING, type SaturationPlan, saturationPlan } from './saturation.ts';

export interface SpellingAnswer {
  kind: string;
  variant: number;
  /** The pending fixture it spelled, and what accepting it breaks; absent when built around an absent id. */
  fixture?: { id: string; level: SpellingLevel };
  segment: string;
  /** Why the request is not valid HTTP, when the segment makes it so on purpose. */
  invalid?: string;
  response: Response;
}

export interface SpellingRun {
  /** In the order sent. */
  answers: SpellingAnswer[];
  /** The kinds with a fixture level that were not tried against a fixture, and why. */
  offFixture: Array<{ kind: string; level: SpellingLevel; why: NotOnFixture; detail?: string }>;
  /** Kinds no safe case could be built for at all. */
  unsent: string[];
  /** Saturating spellings (saturation.ts) not sent, each with the order it would name and why. */
  withheld: SaturationPlan['withheld'];
  exhaustive: boolean;
  /** Set when the target answered 429 even after waiting: nothing more was sent. */
  limited?: string;
  /**
   * Set when a DELETE of an id not given was answered 2xx (delete-gate.ts): no spelling around an absent id
   * was sent after it, only a fixture's.
   */
  stopped?: Skip;
}

/** The length of the long segments of a run. */
const SIZE = 1000;

export const accepted = (r: Response): boolean => r.status >= 200 && r.status < 300;

const SPELLING = memoKey<Promise<SpellingRun | { skip: Skip }>>('order-id/spelling');

/** The run's spelling answers (sent on first call, kept in the run's memo), or why none can be sent. */
export function spellingRun(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  return ctx.memo.once(SPELLING, () => start(ctx));
}

/** The run's spelling answers if they were sent (never sends). */
export function spellingSent(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> | undefined {
  return ctx.memo.peek(SPELLING);
}

/** Which variant of the kind at `index` the default sample sends: it rotates with the seed. */
export function sampleVariant(seed: number, index: number, kind: SpellingKind): number {
  return (Math.abs(Math.trunc(seed)) + index) % kind.variants.length;
}

/** The variants to try against a fixture: in the sample the rotated one, then the next that names one. */
function fixtureOrder(first: number, kind: SpellingKind, exhaustive: boolean): number[] {
  const n = kind.variants.length;
  return exhaustive ? [first] : Array.from({ length: n }, (_, i) => (first + i) % n);
}

async function start(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  const known = await knownOrders(ctx);
  if (!known) return { skip: await noKnownReason(ctx) };
  const exhaustive = ctx.config.exhaustive;
  const pool = new FixturePool(ctx.target, known, ctx.config.cancellableOrderIds.length > 0);
  const run: SpellingRun = { answers: [], offFixture: [], unsent: [], withheld: [], exhaustive };
  // In the sample, a level's first acceptance decides its check: the rest of it keeps the fixtures. Each INFO
  // kind is a check of its own, decided alone.
  const decided = new Set<string>();
  const checkOf = (level: SpellingLevel, kind: SpellingKind) => (level === 'INFO' ? kind.kind : level);
  const send = async (a: Omit<SpellingAnswer, 'response' | 'invalid'>): Promise<Response | undefined> => {
    const invalid = invalidEncoding(a.segment);
    let response: Response;
    try {
      response = await ctx.http.send({
        method: 'DELETE',
        path: orderPath(a.segment),
        ...(invalid ? { invalidRequest: invalid } : {}),
      });
    } catch (e) {
      // The answers so far stand: the checks reading them judge what was sent (the 2xx among them too).
      if (!(e instanceof SkipSignal)) throw e;
      run.stopped ??= e.skip;
      return undefined;
    }
    run.answers.push({ ...a, ...(invalid ? { invalid } : {}), response });
    if (response.status === 429)
      run.limited = `DELETE /store/orders/${a.segment} answered 429 even after waiting`;
    return response;
  };
  for (const [index, kind] of SPELLING_KINDS.entries()) {
    // The length case goes out only when asked for: a front may refuse it before routing.
    if (kind.optIn && !exhaustive) continue;
    const first = sampleVariant(ctx.config.seed, index, kind);
    const variants = exhaustive ? kind.variants.map((_, i) => i) : [first];
    for (const variant of variants) {
      if (run.limited) break;
      const level = kind.fixture;
      if (level !== undefined) {
        const found =
          !exhaustive && decided.has(checkOf(level, kind))
            ? ('decided' as const)
            : pool.find(kind, fixtureOrder(variant, kind, exhaustive), SIZE);
        if (typeof found === 'object') {
          const res = await send({
            kind: kind.kind,
            variant: found.variant,
            fixture: { id: found.id, level },
            segment: found.segment,
          });
          if (res && accepted(res)) {
            pool.spend(found.id);
            decided.add(checkOf(level, kind));
          }
          continue;
        }
        const detail =
          found === 'unsafe'
            ? pool.whyUnsafe(kind, fixtureOrder(variant, kind, exhaustive), SIZE)
            : undefined;
        run.offFixture.push({ kind: kind.kind, level, why: found, ...(detail ? { detail } : {}) });
      }
      if (run.stopped) continue;
      const c = absentCase(known, kind.kind, variant, SIZE);
      if (!c) {
        run.unsent.push(kind.kind);
        continue;
      }
      await send({ kind: kind.kind, variant, segment: malformedSegment(c) });
    }
  }
  await sendSaturating(ctx, known, pool, run, send);
  return run;
}

/** The too-big variant that spells 2^63 (and -2^63-1), as saturation.ts sends it. */
const PAST_EDGE = kindOf('too-big').variants.findIndex((v) => v(0n, 0n, SIZE) === SATURATING[0]!.segment);

/**
 * The saturating spellings, each against its int64 edge when that is a pending fixture (a 2xx cancels it:
 * ID-CANCEL-MISREAD's finding), or named as withheld when the edge is an order the run was not given.
 */
async function sendSaturating(
  ctx: Ctx,
  known: KnownOrders,
  pool: FixturePool,
  run: SpellingRun,
  send: (a: Omit<SpellingAnswer, 'response' | 'invalid'>) => Promise<Response | undefined>,
): Promise<void> {
  const plan = saturationPlan(known, ctx.config.cancellableOrderIds);
  run.withheld.push(...plan.withheld);
  for (const { segment, id } of plan.send) {
    if (run.limited) return;
    if (run.answers.some((a) => a.segment === segment && a.fixture?.id === id)) continue;
    if (!pool.take(id)) {
      run.withheld.push({
        segment,
        order: id,
        why: pool.wasSpent(id)
          ? `fixture ${id} was cancelled before it by another spelling the server accepted`
          : `fixture ${id} was taken by another check before it`,
      });
      continue;
    }
    const res = await send({ kind: 'too-big', variant: PAST_EDGE, fixture: { id, level: 'MUST' }, segment });
    if (res && accepted(res)) pool.spend(id);
  }
}

// Runs an orderId property for a check with the run's seed, runs, budget and replay path, and records seed,
// path and replay flags (note, log, property record). Decides no requirement: the check's judge finds the
// counterexample among the exchanges.

import { type PropertyResult, type PropertySpec, runProperty } from '../../lib/check/property.ts';
import { input, OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import type { Ctx } from '../kit/context.ts';
import { edgeFixtures } from '../kit/saturation.ts';
import { type CaseFailure, RateLimited } from './judge.ts';

/**
 * Shrink attempts after a counterexample: none. Both properties are destructive (each case is a DELETE of an
 * id the run was not given), so they end on their first failure (fast-check endOnFailure): a shrink step
 * would be one more such DELETE, and after a 2xx the list is proven not to be the store (delete-gate.ts).
 */
export const MAX_SHRINKS = 0;

/** Why a counterexample is reported as found, for the report. */
export const NOT_SHRUNK =
  'not shrunk: a destructive property ends on its first failure, as each shrink step would send one more DELETE of an id the run was not given';

export type IdProperty<T> = Pick<
  PropertySpec<T, CaseFailure>,
  'arbitrary' | 'examples' | 'admissible' | 'attempt' | 'key'
>;

/**
 * Runs the property under the run's config; `owner` is the check id a --replay-path names, `runs` its
 * generated cases (--property-runs unless the caller gives some of them to another sending).
 */
export function runIdProperty<T>(
  ctx: Ctx,
  owner: string,
  p: IdProperty<T>,
  runs: number = ctx.config.propertyRuns,
): Promise<PropertyResult<T, CaseFailure>> {
  const replay = ctx.config.replayPath;
  return runProperty({
    ...p,
    runs,
    seed: ctx.config.seed,
    allowance: ctx.http.pacer.budgetLeft,
    maxShrinks: MAX_SHRINKS,
    ...(replay?.checkId === owner ? { replayPath: replay.path } : {}),
  });
}

/** The replay flags of a counterexample: only the check that replays it, the seed, the path. */
export function replayFlags(owner: string, seed: number, path: string): string {
  return `${flagRef('only')} ${owner} ${flagRef('seed')} ${seed} ${flagRef('replayPath')} ${owner}:${path}`;
}

/**
 * What a property sent, for a check whose judge reads its exchanges: the seed, the path and the replay flags
 * (notes, log, property record), or why it stopped (a skip, an error). The counterexample is the judge's to
 * find among the exchanges; too few safe cases with none is a skip.
 */
export function reportIdSending<T>(
  ctx: Ctx,
  owner: string,
  r: PropertyResult<T, CaseFailure>,
  show: (value: T) => string,
  /** What to do instead of skipping when too few cases were safe (the check has other cancels to judge). */
  onExhausted?: (why: Skip) => void,
): void {
  const { plan } = r;
  const ran = r.replayed
    ? `replay of path ${r.replayed}, ${r.sent} sent`
    : `${plan.examples + plan.generated} cases planned (${plan.examples} edge cases + ${plan.generated} generated), ${r.runs} run, ${r.sent} sent, ${r.skipped} skipped as unsafe to send`;
  const path = r.counterexample ? `path ${r.counterexample.path}` : 'path none (no counterexample)';
  ctx.note(`fast-check seed ${r.seed}; ${path}; ${ran}`);
  ctx.property({
    seed: r.seed,
    path: r.counterexample?.path ?? null,
    ...(r.counterexample ? { replay: replayFlags(owner, r.seed, r.counterexample.path) } : {}),
  });
  if (plan.reduced)
    ctx.note(
      `the request budget cut the cases to ${plan.examples + plan.generated}: raise ${flagAndEnv('maxRequests')}`,
    );
  if (r.counterexample) {
    const { value, failure, path: p } = r.counterexample;
    const flags = replayFlags(owner, r.seed, p);
    ctx.note(
      `counterexample ${show(value)} (${r.shrinks > 0 ? `${r.shrinks} shrink steps` : NOT_SHRUNK}); replay with ${flags}`,
    );
    ctx.log(`  ${owner}: seed ${r.seed}, ${failure.cls} at path ${p}; replay with: ${flags}`);
  } else {
    ctx.log(`  ${owner}: seed ${r.seed}, ${path}; ${ran}`);
  }
  if (r.error instanceof RateLimited)
    ctx.skip(
      `${r.error.message}; rerun when the limit resets, or with fewer ${flagAndEnv('propertyRuns')}`,
      // The target's own limit, not the harness's: an outcome, which fewer cases may avoid.
      { kind: 'outcome', setting: 'propertyRuns' },
    );
  if (r.error !== undefined) throw r.error;
  if (r.exhausted && !r.counterexample) {
    const why = exhaustedSkip(ctx);
    if (onExhausted) onExhausted(why);
    else ctx.skip(why);
  }
}

/**
 * Why too few cases were safe to send: with no shipped order given, the advice to give them (a reading that
 * names one is harmless); with them given, what the readings ran into, pending orders at an int64 end named
 * (a saturating reader clamps most spellings past int64 onto one of them).
 */
export function exhaustedSkip(ctx: Ctx): Skip {
  const base = 'too few cases could be built that are safe to send against this order list';
  if (ctx.config.shippedOrderIds.length === 0)
    return skipOf(
      `${base}; give the known shipped orders in ${flagAndEnv('shippedOrderIds')}`,
      input('shippedOrderIds'),
    );
  const edges = edgeFixtures(ctx.config.cancellableOrderIds);
  const at =
    edges.length > 0
      ? `, most of them onto the pending ${edges.length === 1 ? 'order' : 'orders'} at an end of int64 (${edges.join(', ')}), where a reader that saturates past int64 lands`
      : '';
  return skipOf(
    `${base}: a reading of each case drawn may name a pending order or an id the list cannot prove absent${at}`,
    OUTCOME,
  );
}

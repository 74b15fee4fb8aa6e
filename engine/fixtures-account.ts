// The fixtures of a run as a resource it accounts for: the pending and shipped orders it is given (or the
// embedded server's own), the pending ones earlier runs consumed (the fixtures ledger), and the plan made with
// the fresh ones, refused before sending when it would need a consumed one.
import type { Config } from '../lib/config/config.ts';
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { consumedOn, type LedgerEntry, leftPendingOn, readLedger } from '../lib/report/ledger.ts';
import type { PlanCheck, RunPlan } from '../lib/run/plan-checks.ts';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS } from '../reference/seed.ts';
import type { MintNote } from './fixtures-mint.ts';
import { planFor } from './run-plan.ts';

export interface FixtureAccount {
  /** The configuration the run goes on with: its pending fixtures are the fresh ones, in the order given. */
  config: Config;
  plan: RunPlan;
  /** The ledger file, when the run keeps one (a configured target, and not --fixtures-ledger off). */
  ledger?: string;
  /** The pending and shipped fixtures given (or the embedded server's). */
  pending: readonly string[];
  shipped: readonly string[];
  /** Pending fixtures given that an earlier run consumed: left aside. */
  used: Record<string, LedgerEntry>;
  /** The fixtures were minted for this run (--fixtures-command or the API's function): what was asked, what came. */
  minted?: MintNote;
  /**
   * The fresh pending fixtures shown pending before the run sends anything: minted for it, or left pending by an
   * earlier run of the ledger. Only a fixture shown pending is ever evidence against the server.
   */
  shownPending: string[];
}

/** The pending and shipped fixtures a run is given, the embedded server's own when none are. */
function given(config: Config): { pending: string[]; shipped: string[] } {
  const embedded = config.target.kind === 'embedded';
  const pending = config.cancellableOrderIds;
  const shipped = config.shippedOrderIds;
  return {
    pending: embedded && pending.length === 0 ? [...DEFAULT_PENDING_IDS] : pending,
    shipped: embedded && shipped.length === 0 ? [...DEFAULT_SHIPPED_IDS] : shipped,
  };
}

/** The ledger of this run's target, or undefined: the embedded server is new each run, so it keeps none. */
function ledgerOf(
  config: Config,
): { file: string; entries: Record<string, LedgerEntry>; leftPending: string[] } | undefined {
  if (config.target.kind !== 'url' || config.fixturesLedger === undefined) return undefined;
  const file = config.fixturesLedger;
  try {
    const ledger = readLedger(file);
    return {
      file,
      entries: consumedOn(ledger, config.target.baseUrl),
      leftPending: Object.keys(leftPendingOn(ledger, config.target.baseUrl)),
    };
  } catch (e) {
    throw new UsageError(
      `cannot read the fixtures ledger ${file}: ${errorMessage(e)}; fix or delete it, or set ${envAndFlag('fixturesLedger')}`,
    );
  }
}

/** A few ids for a message: the first six, and an ellipsis for more. */
export const ids = (xs: readonly string[]) => xs.slice(0, 6).join(', ') + (xs.length > 6 ? ', …' : '');

/**
 * Plans the run with the pending fixtures no earlier run consumed. When it would need one that was consumed
 * (a check left out for want of a pending fixture that the ids given would have served), it refuses before
 * anything is sent, naming the used ids, the ledger and the setting: a cancelled order answered 404 or 409 is
 * the spec's answer, never the server's failure.
 */
export function accountFixtures(
  config: Config,
  selected: readonly PlanCheck[],
  minted?: MintNote,
): FixtureAccount {
  const { pending, shipped } = given(config);
  const ledger = ledgerOf(config);
  const used: Record<string, LedgerEntry> = {};
  for (const id of pending) if (ledger?.entries[id]) used[id] = ledger.entries[id]!;
  const fresh = pending.filter((id) => !used[id]);
  const plan = planFor(config, selected, fresh.length, shipped.length);
  const usedIds = Object.keys(used);
  if (usedIds.length > 0) {
    const withAll = planFor(config, selected, pending.length, shipped.length);
    const running = new Set(plan.checks.filter((c) => c.run).map((c) => c.id));
    const lost = withAll.checks.filter((c) => c.run && !running.has(c.id)).map((c) => c.id);
    if (lost.length > 0) {
      const first = used[usedIds[0]!]!;
      throw new UsageError(
        `pending fixture${usedIds.length > 1 ? 's' : ''} ${ids(usedIds)} ${usedIds.length > 1 ? 'were' : 'was'} consumed by an earlier run (run ${first.runId}${first.check ? `, ${first.check}` : ''}, answered ${first.answer}; fixtures ledger ${ledger!.file}), and this run needs ${withAll.fixtures.pending} pending fixtures where ${fresh.length} of those given ${fresh.length === 1 ? 'is' : 'are'} fresh (it would leave out ${ids(lost)}): give fresh pending orders in ${envAndFlag('cancellableOrderIds')}; after resetting the store, delete the ledger or set ${flagRef('fixturesLedger')} off`,
      );
    }
  }
  const left = new Set(ledger?.leftPending ?? []);
  const shownPending = fresh.filter((id) => left.has(id) || minted?.pending.includes(id));
  return {
    config: {
      ...config,
      cancellableOrderIds: config.target.kind === 'url' ? fresh : config.cancellableOrderIds,
      shownPending,
    },
    plan,
    ...(ledger ? { ledger: ledger.file } : {}),
    pending,
    shipped,
    used,
    ...(minted ? { minted } : {}),
    shownPending,
  };
}

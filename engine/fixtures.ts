// The fixtures of a run as a resource it accounts for: the pending and shipped orders it is given (or the
// embedded server's own), the pending ones earlier runs consumed (the fixtures ledger), the plan made with the
// fresh ones, refused before sending when it would need a consumed one; and, as the run goes, which it consumed.

import type { CheckResult } from '../lib/check/model.ts';
import type { Config } from '../lib/config/config.ts';
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { Exchange } from '../lib/http/transcript.ts';
import type { FixtureReport, ListDisproved } from '../lib/report/fixtures.ts';
import {
  consumedOn,
  type LedgerEntry,
  leftPendingOn,
  readLedger,
  recordConsumed,
  recordLeftPending,
} from '../lib/report/ledger.ts';
import type { FixtureUse, PlanCheck, RunPlan } from '../lib/run/plan-checks.ts';
import { HELD_FIXTURE } from '../lib/run/plan-checks.ts';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS } from '../reference/seed.ts';
import { edgesLast, heldFixtureOf, isolationPair, namedIds, proofIn, proofText } from '../suites/index.ts';
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

const ids = (xs: readonly string[]) => xs.slice(0, 6).join(', ') + (xs.length > 6 ? ', …' : '');

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

/**
 * The ids each use takes, handed out as the run hands them: in the order given (int64 edges last), each once; a use of two takes
 * a pair one JS number cannot tell apart when the fresh ids hold one (the isolation check's choice).
 */
function assigned(
  uses: readonly FixtureUse[],
  fresh: readonly string[],
): Array<FixtureUse & { ids: string[] }> {
  // Those at an int64 edge last, as the run hands them out (suites/kit/isolation-pair.ts).
  let left = edgesLast(fresh);
  // The late checks' fixture is set aside before any other is handed out, as the run does.
  const held = uses.some((u) => u.sending === HELD_FIXTURE) ? heldFixtureOf(left) : undefined;
  left = left.filter((id) => id !== held);
  return uses.map((u) => {
    let taken: string[];
    if (u.sending === HELD_FIXTURE) taken = held !== undefined ? [held] : [];
    else if (u.pending === 2) {
      const pair = isolationPair(left);
      taken = pair ? [pair.first, ...(pair.second !== undefined ? [pair.second] : [])] : [];
    } else taken = left.slice(0, u.pending);
    left = left.filter((id) => !taken.includes(id));
    return { ...u, ids: taken };
  });
}

/** The opening lines on fixtures: what the run takes and for which checks, what it leaves aside. */
export function fixtureLines(account: FixtureAccount): string[] {
  const { plan, pending, shipped, used } = account;
  const fresh = pending.filter((id) => !used[id]);
  const lines: string[] = [];
  if (account.minted)
    lines.push(
      `  fixtures minted for this run (${flagRef('fixturesCommand')}): asked for ${account.minted.needed} pending, got ${account.minted.pending.length} pending and ${account.minted.shipped} shipped`,
    );
  const uses = assigned(plan.fixtures.uses, fresh);
  if (plan.fixtures.pending > 0 || pending.length > 0) {
    const spare = fresh.length - plan.fixtures.pending;
    const parts = uses.map(
      (u) =>
        `${u.ids.join(', ')} → ${u.serves.slice(0, 4).join(', ')}${u.serves.length > 4 ? ` and ${u.serves.length - 4} more` : ''}`,
    );
    lines.push(
      `  pending fixtures: the run takes ${plan.fixtures.pending} of ${fresh.length} given${parts.length > 0 ? `: ${parts.join('; ')}` : ''}${spare > 0 ? `; ${spare} spare` : ''}${plan.fixtures.pendingForAll > plan.fixtures.pending ? `; every check would take ${plan.fixtures.pendingForAll} (${flagRef('cancellableOrderIds')})` : ''}`,
    );
  }
  const usedIds = Object.keys(used);
  if (usedIds.length > 0)
    lines.push(
      `  left aside, consumed by an earlier run (fixtures ledger ${account.ledger}): ${ids(usedIds)}`,
    );
  if (plan.fixtures.shippedBy.length > 0 || shipped.length > 0)
    lines.push(
      `  shipped fixtures (read, never consumed): ${shipped.length > 0 ? ids([...shipped]) : 'none given'} → ${plan.fixtures.shippedBy.join(', ') || 'no check planned to run'}`,
    );
  lines.push(
    '  ids not given (sent as absent or malformed): the first DELETE of one answered 2xx proves the list is not the store and ends them all; the checks that would send more are left out, naming it',
  );
  return lines;
}

/** How an exchange answered, as the ledger says it. */
const answerOf = (e: Exchange): string =>
  e.response ? String(e.response.status) : `no response (${e.error?.code ?? 'E_HTTP'})`;

/**
 * The pending fixtures the exchanges consumed: a cancel of the id itself with a key that got a 2xx, a 404 or
 * 409 (gone already), a 5xx or no answer at all (it may have arrived); or any spelling of the id a server
 * answered 2xx (it cancelled the order). A 400, 401, 403 or 429 to a cancel consumed nothing.
 */
export function consumedBy(
  exchanges: readonly Exchange[],
  pending: readonly string[],
  runId: string,
): Record<string, LedgerEntry> {
  const out: Record<string, LedgerEntry> = {};
  const wanted = new Set(pending);
  for (const e of exchanges) {
    if (e.request.method !== 'DELETE') continue;
    const m = /\/store\/orders\/([^/?#]+)(?:[?#].*)?$/.exec(e.request.url);
    if (!m) continue;
    const segment = m[1]!;
    const status = e.response?.status;
    const ok = status !== undefined && status >= 200 && status <= 299;
    const entry = (id: string): LedgerEntry => ({
      runId,
      at: e.startedAt,
      ...(e.checkId ? { check: e.checkId } : {}),
      answer: answerOf(e),
      ...(segment !== id ? { segment } : {}),
    });
    if (wanted.has(segment) && e.bucket !== 'anonymous') {
      const gone = status === undefined || ok || status === 404 || status === 409 || status >= 500;
      if (gone && !out[segment]) out[segment] = entry(segment);
      continue;
    }
    if (!ok) continue;
    let named: bigint[];
    try {
      named = namedIds(segment);
    } catch {
      continue;
    }
    for (const id of pending) if (!out[id] && named.includes(BigInt(id))) out[id] = entry(id);
  }
  return out;
}

/** Records in the ledger (when the run keeps one) what the run consumed so far; a write error is a warning. */
export function recordFixtures(
  account: FixtureAccount,
  baseUrl: string,
  consumed: Record<string, LedgerEntry>,
  warn: (line: string) => void,
): void {
  if (account.ledger === undefined) return;
  try {
    recordConsumed(account.ledger, baseUrl, consumed);
  } catch (e) {
    warn(
      `could not write the fixtures ledger ${account.ledger} (${errorMessage(e)}): the next run may take a consumed fixture`,
    );
  }
}

/**
 * The first DELETE of an id not given that was answered 2xx (suites/kit/delete-gate.ts), read from the
 * exchanges, and the checks its gate left out; undefined when there was none.
 */
export function listDisproved(
  exchanges: readonly Exchange[],
  account: FixtureAccount,
  results: readonly CheckResult[],
  baseUrl: string,
): ListDisproved | undefined {
  const basePath = new URL(baseUrl).pathname;
  const proof = proofIn(exchanges, [...account.pending, ...account.shipped], basePath);
  if (!proof) return undefined;
  const mark = `left out: exchange #${proof.seq} (`;
  const leftOut = results.filter((r) => r.status === 'skip' && r.message.startsWith(mark)).map((r) => r.id);
  return { ...proof, line: proofText(proof), leftOut };
}

/**
 * Why the run is incomplete when a DELETE of an id not given was answered 2xx and no check that ran judged
 * that answer (fail or warn citing it): the checks left out for it then stand on nothing. Undefined otherwise.
 */
export function unjudgedProof(
  exchanges: readonly Exchange[],
  account: FixtureAccount,
  results: readonly CheckResult[],
  baseUrl: string,
): string | undefined {
  const d = listDisproved(exchanges, account, results, baseUrl);
  if (!d) return undefined;
  const judged = results.some(
    (r) => (r.status === 'fail' || r.status === 'warn') && (r.cited ?? []).includes(d.seq),
  );
  return judged
    ? undefined
    : `${d.line}, and no check that ran judged that answer, so the ${d.leftOut.length} check(s) left out for it stand on nothing (run CANCEL-UNKNOWN-404 with them)`;
}

/**
 * Records in the ledger the fixtures the run was shown pending (`shown`) and left so: the next run may take them
 * as shown pending. A write error is a warning.
 */
export function recordLeft(
  account: FixtureAccount,
  baseUrl: string,
  shown: readonly string[],
  consumed: Record<string, LedgerEntry>,
  runId: string,
  warn: (line: string) => void,
): void {
  if (account.ledger === undefined) return;
  const left = shown.filter((id) => !consumed[id]);
  if (left.length === 0) return;
  try {
    recordLeftPending(account.ledger, baseUrl, left, { runId, at: new Date().toISOString() });
  } catch (e) {
    warn(`could not write the fixtures ledger ${account.ledger} (${errorMessage(e)})`);
  }
}

/** The fixtures part of the report. */
export function fixtureReport(
  account: FixtureAccount,
  consumed: Record<string, LedgerEntry>,
  disproved?: ListDisproved,
): FixtureReport {
  const fresh = account.pending.filter((id) => !account.used[id]);
  return {
    ledger: account.ledger ?? null,
    pending: {
      given: [...account.pending],
      usedBefore: Object.keys(account.used),
      needed: account.plan.fixtures.pending,
      neededForAll: account.plan.fixtures.pendingForAll,
    },
    shipped: { given: [...account.shipped], readBy: account.plan.fixtures.shippedBy },
    uses: assigned(account.plan.fixtures.uses, fresh),
    consumed: Object.entries(consumed).map(([id, e]) => ({ id, ...e })),
    ...(disproved ? { listDisproved: disproved } : {}),
  };
}

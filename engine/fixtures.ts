// The fixtures of a run as it shows them: the opening lines (what it takes and for which checks, what it leaves
// aside) and the fixtures part of the report. Their accounting, ledger and proof are fixtures-account.ts,
// fixtures-ledger.ts and fixtures-proof.ts, re-exported here for the run.

import { flagRef } from '../lib/config/settings.ts';
import type { FixtureReport, ListDisproved } from '../lib/report/fixtures.ts';
import type { LedgerEntry } from '../lib/report/ledger.ts';
import type { FixtureUse } from '../lib/run/plan-checks.ts';
import { HELD_FIXTURE } from '../lib/run/plan-checks.ts';
import {
  atInt64Edge,
  EDGE_FIXTURE_CHECKS,
  EDGE_SENDING,
  handoutOrder,
  heldFixtureOf,
  isolationPair,
  SPARE_TAKERS,
} from '../suites/index.ts';
import { type FixtureAccount, ids } from './fixtures-account.ts';

export { accountFixtures, type FixtureAccount } from './fixtures-account.ts';
export { consumedBy, recordFixtures, recordLeft } from './fixtures-ledger.ts';
export { listDisproved, unjudgedProof } from './fixtures-proof.ts';

/**
 * The ids each use takes, handed out as the run hands them: plain ids first, 2^53 twins next, int64 edges last,
 * each once; a use of two takes a pair one JS number cannot tell apart when the fresh ids hold one (the
 * isolation check's choice). The edges no use took go to the edge sending when a check reading it runs: the
 * saturating spellings, then a cancel of each (suites/kit/edge-fixtures.ts).
 */
function assigned(
  uses: readonly FixtureUse[],
  fresh: readonly string[],
  running: readonly string[],
): Array<FixtureUse & { ids: string[] }> {
  // In the order the run hands them out (suites/kit/isolation-pair.ts).
  let left = handoutOrder(fresh);
  // The late checks' fixture is set aside before any other is handed out, as the run does.
  const held = uses.some((u) => u.sending === HELD_FIXTURE) ? heldFixtureOf(left) : undefined;
  left = left.filter((id) => id !== held);
  const out = uses.map((u) => {
    let taken: string[];
    if (u.sending === HELD_FIXTURE) taken = held !== undefined ? [held] : [];
    else if (u.pending === 2) {
      const pair = isolationPair(left);
      taken = pair ? [pair.first, ...(pair.second !== undefined ? [pair.second] : [])] : [];
    } else taken = left.slice(0, u.pending);
    left = left.filter((id) => !taken.includes(id));
    return { ...u, ids: taken };
  });
  const edges = left.filter(atInt64Edge);
  const serves = EDGE_FIXTURE_CHECKS.filter((c) => running.includes(c));
  if (serves.length === 0 || edges.length === 0) return out;
  return [...out, { pending: edges.length, by: serves[0]!, sending: EDGE_SENDING, serves, ids: edges }];
}

/** The checks the plan runs. */
const runningOf = (plan: FixtureAccount['plan']): string[] =>
  plan.checks.filter((c) => c.run).map((c) => c.id);

/** The plan's count, and the int64 edges assigned gave the edge sending beyond the plan's own uses (the edge sending's). */
const takenCount = (planned: number, planUses: number, uses: ReadonlyArray<{ ids: string[] }>): number =>
  planned + uses.slice(planUses).reduce((n, u) => n + u.ids.length, 0);

/** Whether a fixture id is an integer at or above 2^53 in magnitude, past what a double holds exactly. */
const beyond53 = (id: string): boolean =>
  /^-?\d+$/.test(id) &&
  (BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER) || BigInt(id) < -BigInt(Number.MAX_SAFE_INTEGER));

/** The opening lines on fixtures: what the run takes and for which checks, what it leaves aside. */
export function fixtureLines(account: FixtureAccount): string[] {
  const { plan, pending, shipped, used } = account;
  const fresh = pending.filter((id) => !used[id]);
  const lines: string[] = [];
  if (account.minted)
    lines.push(
      `  fixtures minted for this run (${flagRef('fixturesCommand')}): asked for ${account.minted.needed} pending, got ${account.minted.pending.length} pending and ${account.minted.shipped} shipped`,
    );
  const uses = assigned(plan.fixtures.uses, fresh, runningOf(plan));
  // The plan's count, and the int64 edges the spelling run takes beside it when given (assigned).
  const taking = takenCount(plan.fixtures.pending, plan.fixtures.uses.length, uses);
  if (plan.fixtures.pending > 0 || pending.length > 0) {
    const spare = fresh.length - taking;
    // The checks that cancel a spare one, each while one is left as it runs.
    const takers = SPARE_TAKERS.filter((id) => plan.checks.some((c) => c.id === id && c.run));
    const spareUse = takers.length > 0 ? ` (each of ${takers.join(', ')} cancels one while one is left)` : '';
    const parts = uses.map(
      (u) =>
        `${u.ids.join(', ')} → ${u.serves.slice(0, 4).join(', ')}${u.serves.length > 4 ? ` and ${u.serves.length - 4} more` : ''}`,
    );
    lines.push(
      `  pending fixtures: the run takes ${taking} of ${fresh.length} given${parts.length > 0 ? `: ${parts.join('; ')}` : ''}${spare > 0 ? `; ${spare} spare${spareUse}` : ''}${plan.fixtures.pendingForAll > plan.fixtures.pending ? `; every check would take ${plan.fixtures.pendingForAll} (${flagRef('cancellableOrderIds')})` : ''}`,
    );
  }
  // The plan cannot read the list yet: ID-LIST-LOSSLESS says so again once the list holds such ids.
  const isolating = uses.some((u) => u.serves.includes('ID-CANCEL-ISOLATION'));
  if (isolating && !fresh.some(beyond53))
    lines.push(
      `  no pending fixture at or above 2^53: where the list holds such ids, ID-CANCEL-ISOLATION cannot show a server that rounds ids through a double (ID-LIST-LOSSLESS notes it); give one in ${flagRef('cancellableOrderIds')}`,
    );
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

/** The fixtures part of the report. */
export function fixtureReport(
  account: FixtureAccount,
  consumed: Record<string, LedgerEntry>,
  disproved?: ListDisproved,
): FixtureReport {
  const fresh = account.pending.filter((id) => !account.used[id]);
  const uses = assigned(account.plan.fixtures.uses, fresh, runningOf(account.plan));
  return {
    ledger: account.ledger ?? null,
    pending: {
      given: [...account.pending],
      usedBefore: Object.keys(account.used),
      needed: takenCount(account.plan.fixtures.pending, account.plan.fixtures.uses.length, uses),
      neededForAll: account.plan.fixtures.pendingForAll,
    },
    shipped: { given: [...account.shipped], readBy: account.plan.fixtures.shippedBy },
    uses,
    consumed: Object.entries(consumed).map(([id, e]) => ({ id, ...e })),
    ...(disproved ? { listDisproved: disproved } : {}),
  };
}

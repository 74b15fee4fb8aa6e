// The fixtures of a run as it shows them: the opening lines (what it takes and for which checks, what it leaves
// aside) and the fixtures part of the report. Their accounting, ledger and proof are fixtures-account.ts,
// fixtures-ledger.ts and fixtures-proof.ts, re-exported here for the run.

import { flagRef } from '../lib/config/settings.ts';
import type { FixtureReport, ListDisproved } from '../lib/report/fixtures.ts';
import type { LedgerEntry } from '../lib/report/ledger.ts';
import type { FixtureUse } from '../lib/run/plan-checks.ts';
import { HELD_FIXTURE } from '../lib/run/plan-checks.ts';
import { edgesLast, heldFixtureOf, isolationPair, SPARE_TAKERS } from '../suites/index.ts';
import { type FixtureAccount, ids } from './fixtures-account.ts';

export { accountFixtures, type FixtureAccount } from './fixtures-account.ts';
export { consumedBy, recordFixtures, recordLeft } from './fixtures-ledger.ts';
export { listDisproved, unjudgedProof } from './fixtures-proof.ts';

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
  const uses = assigned(plan.fixtures.uses, fresh);
  if (plan.fixtures.pending > 0 || pending.length > 0) {
    const spare = fresh.length - plan.fixtures.pending;
    // The checks that cancel a spare one, each while one is left as it runs.
    const takers = SPARE_TAKERS.filter((id) => plan.checks.some((c) => c.id === id && c.run));
    const spareUse = takers.length > 0 ? ` (each of ${takers.join(', ')} cancels one while one is left)` : '';
    const parts = uses.map(
      (u) =>
        `${u.ids.join(', ')} → ${u.serves.slice(0, 4).join(', ')}${u.serves.length > 4 ? ` and ${u.serves.length - 4} more` : ''}`,
    );
    lines.push(
      `  pending fixtures: the run takes ${plan.fixtures.pending} of ${fresh.length} given${parts.length > 0 ? `: ${parts.join('; ')}` : ''}${spare > 0 ? `; ${spare} spare${spareUse}` : ''}${plan.fixtures.pendingForAll > plan.fixtures.pending ? `; every check would take ${plan.fixtures.pendingForAll} (${flagRef('cancellableOrderIds')})` : ''}`,
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

// Pairs of reference faults that can coexist in one run, with what both must still show: each fault still
// caught by at least one of the checks that name it (a check that reads what the other fault removed may
// skip; the fault must then show through another of its checks). Two faults coexist when their runs are set up alike (same arguments and
// server options); pairs whose faults bend the very same response so that one replaces the other are left
// out with the reason. The sample runs in npm test; the full matrix in `npm run fault-pairs`.
import { FAULT_MATRIX } from './index.ts';
import type { FaultExpectation } from './types.ts';

export interface FaultPair {
  faults: [string, string];
  /** How the run is set up (both faults' arguments and server options) and the exit code expected. */
  expect: FaultExpectation;
  /** Each fault's own expectation: at least one of the checks it names must still catch it. */
  parts: [FaultExpectation, FaultExpectation];
}

/**
 * Pairs where one fault removes what the other's checks read, so "both caught" cannot hold by design (a
 * fault is then caught by the checks of the one that wins, and the first is reported as soon as it is fixed).
 */
export const EXCLUDED: ReadonlyArray<[string, string, string]> = [
  ['error-text-plain', 'error-missing-message', 'a prose body has no members to miss'],
  ['error-text-plain', 'error-status-string', 'a prose body has no status member'],
  ['error-text-plain', 'error-status-mismatch', 'a prose body has no status member'],
  ['error-status-string', 'error-status-mismatch', 'both rewrite the same status member'],
  [
    'list-wrapped',
    'list-query-narrows',
    'a wrapped list cannot be compared for narrowing (LIST-BODY-ARRAY says why)',
  ],
  ['cancel-unknown-204', 'orderid-malformed-500', 'both answer the same absent-id cancels'],
  [
    'auth-any-token',
    'auth-scheme-case-sensitive',
    'accepting any token also accepts "bearer <key>"... as the demo key',
  ],
  [
    'ratelimit-headers-missing-on-errors',
    'ratelimit-headers-missing-on-404',
    'the first removes what the second removes',
  ],
  ['ratelimit-never-limits', 'ratelimit-no-retry-after', 'no 429 ever comes to carry Retry-After'],
  ['ratelimit-never-limits', 'ratelimit-retry-after-inconsistent', 'no 429 ever comes to carry Retry-After'],
  ['ratelimit-never-limits', 'ratelimit-window-never-resets', 'no 429 ever comes to recover from'],
  ['ratelimit-never-limits', 'ratelimit-remaining-negative', 'no 429 ever comes to go negative on'],
  [
    'ratelimit-never-limits',
    'ratelimit-not-atomic',
    'nothing is limited, so a burst cannot get past a limit',
  ],
  ['ratelimit-reset-ms', 'ratelimit-reset-delta', 'both rewrite the same Reset'],
  ['ratelimit-reset-ms', 'ratelimit-reset-rolling', 'both rewrite the same Reset'],
  ['ratelimit-reset-ms', 'ratelimit-reset-frozen', 'both rewrite the same Reset'],
  ['ratelimit-reset-delta', 'ratelimit-reset-rolling', 'both rewrite the same Reset'],
  ['ratelimit-reset-delta', 'ratelimit-reset-frozen', 'both rewrite the same Reset'],
  ['ratelimit-reset-rolling', 'ratelimit-reset-frozen', 'both rewrite the same Reset'],
  ['ratelimit-remaining-stuck', 'ratelimit-remaining-negative', 'both rewrite the same Remaining'],
];

const excluded = (a: string, b: string) =>
  EXCLUDED.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

const setup = (e: FaultExpectation) =>
  JSON.stringify({ args: (e.args ?? []).filter((a) => a !== '--burst'), reference: e.reference ?? {} });

const union = (a?: string[], b?: string[]) => [...new Set([...(a ?? []), ...(b ?? [])])];

/** Both expectations in one run; undefined when their runs are set up differently. */
function combine(a: FaultExpectation, b: FaultExpectation): FaultExpectation | undefined {
  if (setup(a) !== setup(b)) return undefined;
  const args = union(a.args, b.args);
  const speed = a.clockSpeed ?? b.clockSpeed;
  return {
    fails: union(a.fails, b.fails),
    // A SHOULD check may end fail when the other fault breaks a MUST it also reads: warn or worse.
    warns: union(a.warns, b.warns),
    args,
    ...(a.reference ? { reference: a.reference } : {}),
    ...(speed !== undefined ? { clockSpeed: speed } : {}),
    exit: a.exit === 1 || b.exit === 1 ? 1 : a.exit === 3 || b.exit === 3 ? 3 : 0,
  };
}

/** Every pair of coexisting faults (each matrix entry of one fault with each of another). */
export function allPairs(): FaultPair[] {
  const pairs: FaultPair[] = [];
  FAULT_MATRIX.forEach(([a, ea], i) => {
    for (const [b, eb] of FAULT_MATRIX.slice(i + 1)) {
      if (a === b || excluded(a, b)) continue;
      const expect = combine(ea, eb);
      if (expect) pairs.push({ faults: [a, b], expect, parts: [ea, eb] });
    }
  });
  return pairs;
}

/**
 * The sample run in npm test: the deviations that once hid one another (issue 10), one pair each, plus a
 * pair per area. Each is one of allPairs().
 */
export const SAMPLE: ReadonlyArray<[string, string]> = [
  ['list-wrapped', 'list-shipdate-not-rfc3339'],
  ['list-wrapped', 'list-quantity-not-integer'],
  ['ratelimit-reset-delta', 'ratelimit-off-by-one'],
  ['ratelimit-headers-missing-on-404', 'ratelimit-not-atomic'],
  ['auth-other-scheme-accepted', 'auth-trailing-text-accepted'],
  ['ratelimit-reset-rolling', 'ratelimit-limit-by-status'],
  ['cancel-repeat-204', 'error-missing-message'],
];

export function samplePairs(): FaultPair[] {
  const all = allPairs();
  return SAMPLE.map(([a, b]) => {
    const found = all.find(
      (p) => (p.faults[0] === a && p.faults[1] === b) || (p.faults[0] === b && p.faults[1] === a),
    );
    if (!found) throw new Error(`sample pair ${a} + ${b} is not a coexisting pair of the matrix`);
    return found;
  });
}

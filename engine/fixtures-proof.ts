// The order list disproved: the first DELETE of an id not given that was answered 2xx, the checks its gate left
// out, and why the run is incomplete when no check that ran judged that answer. Reads exchanges; sends nothing.
import type { CheckResult } from '../lib/check/model.ts';
import type { Exchange } from '../lib/http/transcript.ts';
import type { ListDisproved } from '../lib/report/fixtures.ts';
import { proofIn, proofText } from '../suites/index.ts';
import type { FixtureAccount } from './fixtures-account.ts';

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

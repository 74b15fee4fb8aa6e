// What a run consumed of its pending fixtures, read from its exchanges, and the fixtures ledger written with it
// (what it consumed, what it was shown pending and left so), so the next run never takes a consumed one.
import { errorMessage } from '../lib/errors.ts';
import type { Exchange } from '../lib/http/transcript.ts';
import { type LedgerEntry, recordConsumed, recordLeftPending } from '../lib/report/ledger.ts';
import { namedIds } from '../suites/index.ts';
import type { FixtureAccount } from './fixtures-account.ts';

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

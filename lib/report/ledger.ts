// The fixtures ledger: the pending fixtures that runs against a target consumed (cancelled, or sent a cancel
// whose outcome cannot be known), kept in one JSON file a pipeline may cache, so a later run never takes one
// of them for a pending order. Reads and writes that file only; what counts as consumed is the engine's call.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LedgerEntry } from './fixtures.ts';
import { makeDirs } from './write.ts';

export type { LedgerEntry } from './fixtures.ts';

export interface Ledger {
  ledgerVersion: 1;
  /** By target base URL, then by fixture id. */
  targets: Record<string, Record<string, LedgerEntry>>;
}

const EMPTY = (): Ledger => ({ ledgerVersion: 1, targets: {} });

/** The ledger in `file`, empty when there is none yet; throws (with why) on one that is not a ledger. */
export function readLedger(file: string): Ledger {
  if (!existsSync(file)) return EMPTY();
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Ledger> | null;
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    parsed.ledgerVersion !== 1 ||
    typeof parsed.targets !== 'object' ||
    parsed.targets === null
  )
    throw new Error('not a fixtures ledger (ledgerVersion 1)');
  return { ledgerVersion: 1, targets: parsed.targets };
}

/**
 * Adds `entries` for the target at `baseUrl` to the ledger in `file`, read again first so that runs sharing the
 * file (jobs of a matrix) keep each other's entries; written whole, then renamed into place. An entry already
 * there is kept: the first run that consumed a fixture is the one that says so.
 */
export function recordConsumed(file: string, baseUrl: string, entries: Record<string, LedgerEntry>): void {
  if (Object.keys(entries).length === 0) return;
  const ledger = readLedger(file);
  ledger.targets[baseUrl] ??= {};
  const target = ledger.targets[baseUrl];
  let added = false;
  for (const [id, entry] of Object.entries(entries))
    if (!target[id]) {
      target[id] = entry;
      added = true;
    }
  if (!added) return;
  makeDirs(dirname(file));
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(ledger, null, 2)}\n`);
  renameSync(tmp, file);
}

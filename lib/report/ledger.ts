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
  /** By target (ledgerTarget of its base URL), then by fixture id: the pending fixtures runs consumed. */
  targets: Record<string, Record<string, LedgerEntry>>;
  /** By target, then by id: pending fixtures a run saw pending and left so (its own evidence for the next run). */
  pending?: Record<string, Record<string, LeftPending>>;
}

/** A run that was shown a fixture pending and did not consume it. */
export interface LeftPending {
  runId: string;
  at: string;
}

const EMPTY = (): Ledger => ({ ledgerVersion: 1, targets: {} });

/** The loopback names of one machine: one server under any of them is one target. */
const LOOPBACK = new Set(['localhost', 'localhost.', '127.0.0.1', '[::1]']);

/**
 * The target a ledger entry is kept under: the base URL as resolved (scheme and host lower-cased, the default
 * port dropped, localhost, 127.0.0.1 and ::1 as one), so one server under two names is one entry.
 */
export function ledgerTarget(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  if (LOOPBACK.has(url.hostname)) url.hostname = '127.0.0.1';
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** The entries of `by` kept for the target at `baseUrl`, under whichever of its names (a ledger of old keys too). */
function ofTarget<T>(by: Record<string, Record<string, T>> | undefined, baseUrl: string): Record<string, T> {
  const key = ledgerTarget(baseUrl);
  const out: Record<string, T> = {};
  for (const [k, entries] of Object.entries(by ?? {}))
    if (ledgerTarget(k) === key) for (const [id, e] of Object.entries(entries)) out[id] ??= e;
  return out;
}

/** The pending fixtures earlier runs consumed on the target at `baseUrl`. */
export function consumedOn(ledger: Ledger, baseUrl: string): Record<string, LedgerEntry> {
  return ofTarget(ledger.targets, baseUrl);
}

/** The fixtures earlier runs saw pending on the target at `baseUrl` and left so (none consumed since). */
export function leftPendingOn(ledger: Ledger, baseUrl: string): Record<string, LeftPending> {
  const consumed = consumedOn(ledger, baseUrl);
  return Object.fromEntries(
    Object.entries(ofTarget(ledger.pending, baseUrl)).filter(([id]) => !consumed[id]),
  );
}

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
  const pending = typeof parsed.pending === 'object' && parsed.pending !== null ? parsed.pending : undefined;
  return { ledgerVersion: 1, targets: parsed.targets, ...(pending ? { pending } : {}) };
}

/** Writes the ledger whole, then renames it into place (a reader never sees half a file). */
function write(file: string, ledger: Ledger): void {
  makeDirs(dirname(file));
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(ledger, null, 2)}\n`);
  renameSync(tmp, file);
}

/**
 * Adds `entries` for the target at `baseUrl` to the ledger in `file`, read again first so that runs sharing the
 * file (jobs of a matrix) keep each other's entries; written whole, then renamed into place. An entry already
 * there is kept: the first run that consumed a fixture is the one that says so.
 */
export function recordConsumed(file: string, baseUrl: string, entries: Record<string, LedgerEntry>): void {
  if (Object.keys(entries).length === 0) return;
  const ledger = readLedger(file);
  const key = ledgerTarget(baseUrl);
  const known = consumedOn(ledger, baseUrl);
  ledger.targets[key] ??= {};
  const target = ledger.targets[key];
  let added = false;
  for (const [id, entry] of Object.entries(entries))
    if (!known[id]) {
      target[id] = entry;
      added = true;
    }
  if (!added) return;
  write(file, ledger);
}

/**
 * Records that the run saw `ids` pending and left them so: the next run on the target may take them as shown
 * pending. An id consumed meanwhile (by this run or another) is left out.
 */
export function recordLeftPending(
  file: string,
  baseUrl: string,
  ids: readonly string[],
  left: LeftPending,
): void {
  const ledger = readLedger(file);
  const consumed = consumedOn(ledger, baseUrl);
  const fresh = ids.filter((id) => !consumed[id]);
  if (fresh.length === 0) return;
  const key = ledgerTarget(baseUrl);
  ledger.pending ??= {};
  ledger.pending[key] ??= {};
  for (const id of fresh) ledger.pending[key][id] = left;
  write(file, ledger);
}

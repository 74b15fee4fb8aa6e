// The report of a run as data: what reaches report.json, junit.xml, report.html and the console summary.
// The verdict rule lives here and only here.
import { readFileSync } from 'node:fs';
import type { CheckResult, Status } from '../check/model.ts';
import { flagRef } from '../config/settings.ts';
import { EXIT } from '../errors.ts';
import { packagePath } from '../files.ts';
import type { BanEvent } from '../http/ban.ts';
import { count } from '../words.ts';
import type { BaselineOutcome } from './baseline.ts';
import type { Coverage } from './coverage.ts';
import type { Evaluation } from './evaluation.ts';
import type { FixtureReport } from './fixtures.ts';
import type { Provenance } from './provenance.ts';

export type Verdict = 'conformant' | 'non-conformant' | 'incomplete';

export interface Report {
  reportVersion: 1;
  suite: { name: string; version: string };
  spec: string;
  runId: string;
  target: {
    baseUrl: string;
    embedded: boolean;
    referenceFaults: string[];
    /** The embedded server's variants (choices the spec allows); absent in reports before they existed. */
    referenceVariants?: string[];
  };
  startedAt: string;
  endedAt: string;
  durationMs: number;
  complete: boolean;
  incompleteReasons: string[];
  verdict: Verdict;
  /** The console's verdict line without "Verdict: " (MUSTs not judged named with why); absent in older reports. */
  verdictLine?: string;
  /** What the run evaluated, what it did not and why, and what it planned before sending. */
  evaluation: Evaluation;
  /** Whether the run passes as a CI gate: the verdict, then --fail-on; `exitCode` is the command's. */
  gate: Gate;
  /** The baseline of known failures the run was judged with, or null. */
  baseline: BaselineOutcome | null;
  /** Bans of a key the target announced during the run (spec §8 rule 5); empty in a safe run. */
  bans: BanEvent[];
  scope: {
    only: string[];
    skip: string[];
    rateLimitProbe: 'run' | 'skipped' | 'not-selected';
    checksSelected: number;
  };
  counts: Record<Status, number> & { total: number };
  /** The spec's rules: which the run tested, with what outcome, and why the others were not. */
  coverage: Coverage;
  settings: {
    seed: number;
    maxRequests: number;
    timeoutMs: number;
    maxWaitSeconds: number;
    maxResponseBytes: number;
    propertyRuns: number;
    exhaustive: boolean;
    plan: string | null;
    cancellableOrderIds: string[];
    shippedOrderIds: string[];
    secondApiKey: boolean;
    burst: boolean;
    /** How long lists may lag a cancel, as declared (--consistency-seconds). */
    consistencySeconds?: number;
  };
  requests: { sent: number | null; budget: number };
  /** What produced the report: suite commit, digests of the spec text and schemas, Node and platform. */
  provenance: Provenance;
  /** A report judged from recorded traffic (judge, proxy): what it read. Absent for a run that sends. */
  traffic?: TrafficFacts;
  /** The fixtures the run was given, planned and consumed (absent in reports before the ledger). */
  fixtures?: FixtureReport;
  checks: CheckResult[];
}

/** What a passive run judged: recorded exchanges, nothing sent. Credentials by fingerprint, never by value. */
export interface TrafficFacts {
  mode: 'judge' | 'proxy';
  /** The recordings read: a HAR file (its name and sha256), or the server the proxy forwarded to. */
  sources: Array<{ name: string; entries: number; sha256?: string }>;
  /** The base URL was found from the recording's requests rather than given. */
  baseUrlInferred: boolean;
  /** Exchanges judged (requests below the base URL), and entries left out (other origins, pages, assets). */
  exchanges: number;
  leftOut: number;
  /** How the key was told: given or named by this suite's recording, inferred from the answers, or no token. */
  keys: 'known' | 'inferred' | 'none';
  /** Each bearer token seen, by a fingerprint keyed for this report only. */
  credentials: Array<{
    fingerprint: string;
    role: 'key' | 'second key' | 'other token';
    inferred?: true;
    requests: number;
    statuses: Record<string, number>;
  }>;
}

const PACKAGE = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as {
  name: string;
  version: string;
};

export const SUITE = { name: PACKAGE.name, version: PACKAGE.version };
export const SPEC_TITLE = 'Order Store Service API v1 (order-store-service.md)';

export function countStatuses(checks: readonly CheckResult[]): Report['counts'] {
  const counts = { total: checks.length, pass: 0, fail: 0, warn: 0, info: 0, skip: 0, error: 0 };
  for (const c of checks) counts[c.status]++;
  return counts;
}

/**
 * A broken MUST proves non-conformance even in a run that could not finish; otherwise a run that could not
 * finish (or whose harness erred on a check) proves nothing, and only a complete clean run is conformant.
 */
export function verdictOf(checks: readonly CheckResult[], incompleteReasons: readonly string[]): Verdict {
  if (checks.some((c) => c.status === 'fail')) return 'non-conformant';
  if (incompleteReasons.length > 0 || checks.some((c) => c.status === 'error')) return 'incomplete';
  return 'conformant';
}

export interface Gate {
  failOn: 'fail' | 'warn';
  passed: boolean;
  exitCode: number;
  /** Why the gate did not pass, one line each (empty when it passed). */
  reasons: string[];
}

/**
 * The gate, in order: a MUST failure no baseline lists fails (1); then an incomplete run is incomplete (3);
 * then, under --fail-on warn, a warning no baseline lists fails (1), and so does a stale baseline entry
 * (unless --allow-stale-baseline); else the gate passes (0), known failures of the baseline included.
 */
export function gateOf(
  checks: readonly Pick<CheckResult, 'id' | 'status'>[],
  complete: boolean,
  failOn: Gate['failOn'],
  incompleteReasons: readonly string[],
  baseline: BaselineOutcome | null = null,
): Gate {
  const known = new Set(baseline?.known.map((k) => k.id) ?? []);
  const fails = checks.filter((c) => c.status === 'fail' && !known.has(c.id));
  const warns = checks.filter((c) => c.status === 'warn' && !known.has(c.id));
  const reasons: string[] = [];
  const stale = baseline?.staleFails ? baseline.stale : [];
  let exitCode: number = EXIT.conformant;
  if (fails.length > 0) {
    reasons.push(
      `${count(fails.length, 'MUST check')} ${fails.length === 1 ? 'fails' : 'fail'}${known.size > 0 ? ' that the baseline does not list' : ''}: ${fails.map((c) => c.id).join(', ')}`,
    );
    exitCode = EXIT.nonConformant;
  } else if (!complete) {
    reasons.push(...incompleteReasons);
    exitCode = EXIT.incomplete;
  }
  if (failOn === 'warn' && warns.length > 0) {
    reasons.push(
      `${count(warns.length, 'SHOULD check')} ${warns.length === 1 ? 'warns' : 'warn'}, and ${flagRef('failOn')} warn fails the run on a warning: ${warns.map((c) => c.id).join(', ')}`,
    );
    if (exitCode === EXIT.conformant) exitCode = EXIT.nonConformant;
  }
  if (stale.length > 0) {
    reasons.push(
      `stale baseline: ${stale.map((s) => s.id).join(', ')} now ${stale.length === 1 ? 'passes' : 'pass'}; remove ${stale.length === 1 ? 'it' : 'them'} from ${baseline!.file} (or pass ${flagRef('allowStaleBaseline')})`,
    );
    if (exitCode === EXIT.conformant) exitCode = EXIT.nonConformant;
  }
  return { failOn, passed: exitCode === EXIT.conformant, exitCode, reasons };
}

export function exitCodeOf(verdict: Verdict): number {
  if (verdict === 'conformant') return EXIT.conformant;
  return verdict === 'non-conformant' ? EXIT.nonConformant : EXIT.incomplete;
}

/** A run id that sorts by time and stays unique within a second: 20261122T103000Z-3f9a. */
export function newRunId(now: Date, random: () => number = Math.random): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${stamp}-${Math.floor(random() * 0x10000)
    .toString(16)
    .padStart(4, '0')}`;
}

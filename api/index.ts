// The package's programmatic API (`import { runConformance, listChecks } from 'order-store-conformance'`): the
// command's run with the same settings, names, checks and errors, as a function that returns the report.
// Never exits the process, never installs a signal handler, writes files only when given a reportDir.
import { readFileSync } from 'node:fs';
import { type CatalogueRow, selection } from '../engine/catalogue.ts';
import { conductRun } from '../engine/conduct-run.ts';
import { conductJudge } from '../engine/conduct-traffic.ts';
import { sourcesOf, type Traffic } from '../engine/traffic-input.ts';
import type { Config } from '../lib/config/config.ts';
import { loadConfig } from '../lib/config/load.ts';
import type { SettingsObject } from '../lib/config/object.ts';
import { renderDeep } from '../lib/config/setting-words.ts';
import { loadTrafficConfig } from '../lib/config/traffic-config.ts';
import { UsageError } from '../lib/errors.ts';
import { packagePath } from '../lib/files.ts';
import type { Report } from '../lib/report/model.ts';
import { apiWords, inApiWords } from './words.ts';

export type { Traffic, TrafficExchange } from '../engine/traffic-input.ts';
export type { CheckResult, Level, Status } from '../lib/check/model.ts';
export { EXIT, HarnessError, UsageError } from '../lib/errors.ts';
export type { Exchange } from '../lib/http/transcript.ts';
export type { Report, Verdict } from '../lib/report/model.ts';

/**
 * The command's settings as one object: the same names as the keys of docs/settings.md (`baseUrl`,
 * `apiKey`, `cancellableOrderIds`, `maxRequests`, `referenceFaults`...), checked as the command checks them.
 * No ORDER_STORE_* variable is read: what the object says is the whole configuration (a dotenv file only when
 * `envFile` names one). Without `baseUrl`, the embedded reference server is tested; in CI (the CI variable
 * set) that needs `embedded: true`, as for the command.
 */
export type Settings = Omit<SettingsObject, 'help' | 'list' | 'dryRun' | 'quiet' | 'verbose'>;

/** Settings of the command's console only, and what a caller of the API does instead. */
const COMMAND_ONLY: Record<string, string> = {
  help: 'call listChecks() for the catalogue',
  list: 'call listChecks() for the catalogue',
  dryRun: 'call listChecks() for the catalogue; the plan is printed by the command (--dry-run)',
  quiet: 'onLog gets every line: print the ones you want',
  verbose: 'each check of the report carries its requirement, evidence and reproduction',
};

/** A check as the catalogue lists it: id, level, spec rules, spec reference, requirement, title, suite, needs. */
export type CheckInfo = CatalogueRow;

export interface RunOptions {
  /** Stops the run: the check in flight ends, and the report comes back marked incomplete. */
  signal?: AbortSignal;
  /** Each line the command would print while running (the plan, one line per check, waits), key-free. */
  onLog?: (line: string) => void;
  /** Where relative paths (reportDir, baseline, envFile) are resolved; the process's own by default. */
  cwd?: string;
  /**
   * Mints the run's fixtures before the first request, as fixturesCommand does: called with how many pending
   * orders the plan needs, it returns the ids (integers, bigints or decimal strings); they replace
   * cancellableOrderIds and shippedOrderIds (a list left out keeps the one given). A throw or a malformed answer
   * is a UsageError, with nothing sent.
   */
  fixtures?: (needed: number) => MintedFixtures | Promise<MintedFixtures>;
}

/** What a fixtures function returns. */
export interface MintedFixtures {
  cancellable?: ReadonlyArray<string | number | bigint>;
  shipped?: ReadonlyArray<string | number | bigint>;
}

/** The first request with the API key was refused (401): the key is wrong; nothing was judged (exit 2). */
export class KeyRefusedError extends UsageError {
  /** The run's report: no verdict on any check, the gate's exit code 2. */
  readonly report: Report;
  constructor(message: string, report: Report) {
    super(message);
    this.name = 'KeyRefusedError';
    this.report = report;
  }
}

function configOf(settings: Settings, cwd: string | undefined, list: boolean): Config {
  const given = settings as Readonly<Record<string, unknown>>;
  for (const [key, instead] of Object.entries(COMMAND_ONLY))
    if (Object.hasOwn(given, key))
      throw new UsageError(`${key} is a setting of the command only; ${instead}`);
  // Files only when asked for: without a reportDir, a fixtures ledger only where fixturesLedger says.
  const files =
    given.reportDir === undefined && given.fixturesLedger === undefined ? { fixturesLedger: 'off' } : {};
  try {
    return loadConfig([], {
      settings: list ? { ...files, ...given, list: true } : { ...files, ...given },
      ...(cwd ? { cwd } : {}),
    });
  } catch (e) {
    throw inApiWords(e);
  }
}

/**
 * The checks a run with these settings selects (`only`, `skip`), in run order; sends nothing, needs no key.
 * Throws UsageError for a setting the command would refuse.
 */
export function listChecks(settings: Pick<Settings, 'only' | 'skip'> = {}): CheckInfo[] {
  const config = configOf(settings, undefined, true);
  try {
    return renderDeep(selection(config.only, config.skip), 'api');
  } catch (e) {
    throw inApiWords(e);
  }
}

/**
 * Runs the conformance checks, as `order-store-conformance` does, and returns the report (what report.json
 * holds; `report.gate.exitCode` is the command's exit code). Writes the run folder only when `reportDir` is
 * given. Throws UsageError for what the command refuses with exit 2 (KeyRefusedError for a refused key); an
 * aborted `signal` resolves with the report marked incomplete, or rejects with its reason if aborted before.
 */
export async function runConformance(settings: Settings = {}, options: RunOptions = {}): Promise<Report> {
  options.signal?.throwIfAborted();
  const config = configOf(settings, options.cwd, false);
  const log = options.onLog ?? (() => {});
  for (const w of config.warnings) log(`warning: ${apiWords(w)}`);
  let done: Awaited<ReturnType<typeof conductRun>>;
  try {
    done = await conductRun(config, {
      io: { out: log, err: log },
      face: 'api',
      writeReports: settings.reportDir !== undefined,
      ...(options.signal ? { signal: options.signal } : {}),
      stopReason: "stopped by the caller's AbortSignal",
      ...(options.fixtures ? { fixtures: async (needed: number) => options.fixtures!(needed) } : {}),
    });
  } catch (e) {
    throw inApiWords(e);
  }
  if (done.keyRefused !== undefined) throw new KeyRefusedError(done.keyRefused, done.report);
  return done.report;
}

/**
 * The settings of judgeTraffic, keyed as the command's: the API's base URL (found from the traffic when
 * absent), the keys to recognise in it (never sent; redacted wherever they appear), the fixtures it may know
 * of, the selection, and where to write the run folder.
 */
export type TrafficSettings = Pick<
  SettingsObject,
  | 'baseUrl'
  | 'apiKey'
  | 'secondApiKey'
  | 'cancellableOrderIds'
  | 'shippedOrderIds'
  | 'trustOrderList'
  | 'consistencySeconds'
  | 'plan'
  | 'only'
  | 'skip'
  | 'reportDir'
  | 'failOn'
  | 'baseline'
  | 'allowStaleBaseline'
  | 'envFile'
>;

/**
 * Judges recorded traffic, as `order-store-conformance judge` does, and returns the report (`report.traffic`
 * says what was read; `report.gate.exitCode` is the command's exit code). `traffic` is a HAR 1.2 recording (its
 * text or object, or several) or exchanges captured by the caller. Sends nothing; writes the run folder only
 * when `reportDir` is given. Throws UsageError for what the command refuses with exit 2 (a traffic with no
 * request of the API, a base URL that cannot be told).
 */
export async function judgeTraffic(
  traffic: Traffic,
  settings: TrafficSettings = {},
  options: Pick<RunOptions, 'onLog' | 'cwd'> = {},
): Promise<Report> {
  const log = options.onLog ?? (() => {});
  try {
    const config = loadTrafficConfig([], 'judge', {
      settings: settings as Readonly<Record<string, unknown>>,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    const done = await conductJudge(sourcesOf(traffic), config, {
      io: { out: (line) => log(apiWords(line)), err: (line) => log(apiWords(line)) },
      face: 'api',
      writeReports: settings.reportDir !== undefined,
    });
    return done.report;
  } catch (e) {
    throw inApiWords(e);
  }
}

/** The JSON Schema (2020-12) report.json and runConformance's result are valid against. */
export const reportSchema: Readonly<Record<string, unknown>> = JSON.parse(
  readFileSync(packagePath('schemas', 'report.schema.json'), 'utf8'),
);

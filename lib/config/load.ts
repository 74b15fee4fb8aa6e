// Turns flags, environment variables and a dotenv file into a checked Config. The only module that reads
// the environment. Every mistake is a UsageError whose one line says what to fix (exit code 2).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';
import { type Config, PROFILES, type TargetConfig } from './config.ts';
import { checkApiKey, checkBaseUrl } from './credentials.ts';
import { inCi } from './environment.ts';
import { headersOf, keyFlagWarning, mustFloorOf, proxyOf, reportsOf } from './run-options.ts';
import { envAndFlag, flagRef, type SettingKey, settingOf, varRef } from './settings.ts';
import { commonSettings, pathOf, readSources } from './sources.ts';
import { bool, choice, int, list, readFlags, str } from './values.ts';

export interface LoadOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  random?: () => number;
  /**
   * The settings as an object (the API): they stand in for argv, and no ORDER_STORE_* variable is read, nor a
   * dotenv file unless `envFile` names one. `env` still says whether the run is in CI.
   */
  settings?: Readonly<Record<string, unknown>>;
}

export function loadConfig(argv: string[], options: LoadOptions = {}): Config {
  const warnings: string[] = [];
  try {
    return loadWith(argv, options, warnings);
  } catch (e) {
    // A misspelt ORDER_STORE_BASE_URL is why CI refuses a run with no target: say both.
    if (e instanceof UsageError) e.warnings = [...warnings];
    throw e;
  }
}

function loadWith(argv: string[], options: LoadOptions, warnings: string[]): Config {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const { raw, flags, fromObject, envFile, unknown } = readSources(
    argv,
    { env, cwd, ...(options.settings ? { settings: options.settings } : {}) },
    readFlags,
  );
  warnings.push(...unknown);
  const get = (key: SettingKey) => raw[key];

  const help = bool(settingOf('help'), get('help'));
  const quiet = bool(settingOf('quiet'), get('quiet'));
  const verbose = bool(settingOf('verbose'), get('verbose'));
  if (quiet && verbose)
    throw new UsageError(
      `${envAndFlag('quiet')} and ${envAndFlag('verbose')} ask for opposite things: give one`,
    );
  const listOnly = bool(settingOf('list'), get('list'));
  const baseUrlText = str(get('baseUrl'));
  const apiKey = str(get('apiKey'));
  const faults = list(get('referenceFaults'));
  const embedded = bool(settingOf('embedded'), get('embedded'));
  const ci = inCi(env);
  const variants = list(get('referenceVariants'));
  let target: TargetConfig;
  if (baseUrlText !== undefined && embedded) {
    throw new UsageError(`${envAndFlag('embedded')} and ${envAndFlag('baseUrl')} name two targets; keep one`);
  }
  if (baseUrlText !== undefined) {
    const baseUrl = checkBaseUrl(baseUrlText, warnings);
    if (faults.length > 0)
      warnings.push(
        `${flagRef('referenceFaults')} applies to the embedded reference server only; ignored with ${flagRef('baseUrl')}`,
      );
    if (variants.length > 0)
      warnings.push(
        `${flagRef('referenceVariants')} applies to the embedded reference server only; ignored with ${flagRef('baseUrl')}`,
      );
    if (apiKey === undefined && !listOnly && !help) {
      throw new UsageError(
        `missing API key: set ${envAndFlag('apiKey')} for the target in ${envAndFlag('baseUrl')}`,
      );
    }
    if (apiKey !== undefined) checkApiKey(apiKey, `${envAndFlag('apiKey')}`);
    target = { kind: 'url', baseUrl, apiKey: apiKey ?? '' };
  } else {
    // A deploy gate that passes without touching staging is a trap: in CI the demo target must be asked for.
    if (ci && !embedded && !listOnly && !help)
      throw new UsageError(
        `no target: CI is set and ${envAndFlag('baseUrl')} is not; set it to the server to test (with ${varRef('apiKey')}), or pass ${flagRef('embedded')} to test the embedded reference server on purpose`,
      );
    if (apiKey !== undefined)
      warnings.push(
        `${varRef('apiKey')} is ignored: no ${varRef('baseUrl')}, so the embedded reference server and its own key are used`,
      );
    target = { kind: 'embedded', faults, variants };
  }

  const common = commonSettings(get, cwd);
  const replayText = str(get('replayPath'));
  let replayPath: Config['replayPath'];
  if (replayText !== undefined) {
    const m = /^([A-Z0-9-]+):(\d+(?::\d+)*)$/.exec(replayText);
    if (!m)
      throw new UsageError(
        `${envAndFlag('replayPath')} must be CHECK-ID:PATH as printed by a failing property, got ${JSON.stringify(replayText)}`,
      );
    replayPath = { checkId: m[1]!, path: m[2]! };
  }
  const seed =
    int(settingOf('seed'), get('seed'), -(2 ** 31)) ??
    Math.floor((options.random ?? Math.random)() * 2 ** 31);
  let secondApiKey = str(get('secondApiKey'));
  if (secondApiKey !== undefined && target.kind === 'embedded') {
    warnings.push(
      `${varRef('secondApiKey')} is ignored: the embedded reference server uses its own two demo keys`,
    );
    secondApiKey = undefined;
  }
  if (secondApiKey !== undefined) checkApiKey(secondApiKey, `${envAndFlag('secondApiKey')}`);
  if (secondApiKey !== undefined && secondApiKey === apiKey) {
    throw new UsageError(`${envAndFlag('secondApiKey')} must be a different key from ${varRef('apiKey')}`);
  }
  const reportPath = common.reportDir;
  const ledgerText = str(get('fixturesLedger'));
  const junitText = str(get('junitPath'));
  const fixturesCommand = str(get('fixturesCommand'));
  if (!fromObject) warnings.push(...keyFlagWarning(flags));
  // A deploy gate relies on what the plan promised: in CI a MUST it runs must reach a verdict.
  const floor = mustFloorOf(str(get('minMustEvaluated'))) ?? (ci ? { kind: 'planned' as const } : undefined);
  const proxy = proxyOf(env);

  return {
    target,
    ...(secondApiKey !== undefined ? { secondApiKey } : {}),
    ...common,
    list: listOnly,
    dryRun: bool(settingOf('dryRun'), get('dryRun')),
    failFast: bool(settingOf('failFast'), get('failFast')),
    quiet,
    verbose,
    help,
    timeoutMs: int(settingOf('timeoutMs'), get('timeoutMs'), 1)!,
    maxRequests: int(settingOf('maxRequests'), get('maxRequests'), 1)!,
    maxWaitMs: int(settingOf('maxWaitSeconds'), get('maxWaitSeconds'), 0)! * 1000,
    maxResponseBytes: int(settingOf('maxResponseBytes'), get('maxResponseBytes'), 1024)!,
    maxHeaderBytes: int(settingOf('maxHeaderBytes'), get('maxHeaderBytes'), 1024)!,
    ...caFileOf(str(get('caFile')), cwd),
    seed,
    propertyRuns: int(settingOf('propertyRuns'), get('propertyRuns'), 0)!,
    exhaustive: bool(settingOf('exhaustive'), get('exhaustive')),
    surfaceWindows: int(settingOf('surfaceWindows'), get('surfaceWindows'), 1)!,
    ...(replayPath ? { replayPath } : {}),
    consistencySeconds: int(settingOf('consistencySeconds'), get('consistencySeconds'), 0)!,
    skipRateLimitProbe: bool(settingOf('skipRateLimitProbe'), get('skipRateLimitProbe')),
    burst: bool(settingOf('burst'), get('burst')),
    profile: choice('profile', get('profile'), PROFILES),
    ci,
    githubActions: env.GITHUB_ACTIONS === 'true',
    ...(str(env.GITHUB_STEP_SUMMARY) !== undefined
      ? { githubStepSummary: str(env.GITHUB_STEP_SUMMARY)! }
      : {}),
    allowKeyInUrl: bool(settingOf('allowKeyInUrl'), get('allowKeyInUrl')),
    refusedKeyIsFailure: bool(settingOf('refusedKeyIsFailure'), get('refusedKeyIsFailure')),
    warnings,
    ...(envFile !== undefined ? { envFile } : {}),
    // The environment the command was given (an env file's values are not added to it, nor is the key).
    ...(fixturesCommand !== undefined ? { fixturesCommand: { command: fixturesCommand, env, cwd } } : {}),
    ...(ledgerText?.toLowerCase() === 'off'
      ? {}
      : {
          fixturesLedger: ledgerText === undefined ? join(reportPath, LEDGER_FILE) : pathOf(ledgerText, cwd),
        }),
    ...(floor ? { minMustEvaluated: floor } : {}),
    waitForTargetSeconds: int(settingOf('waitForTarget'), get('waitForTarget'), 0)!,
    headers: headersOf(str(get('headers'))),
    reports: reportsOf(get('reports')),
    ...(junitText !== undefined ? { junitPath: pathOf(junitText, cwd) } : {}),
    ...(proxy ? { proxy } : {}),
    chosen: Object.keys(raw) as SettingKey[],
  };
}

/** The CA file as an absolute path, once it reads as PEM certificates; a mistake is a usage error (exit 2). */
function caFileOf(text: string | undefined, cwd: string): { caFile?: string } {
  if (text === undefined) return {};
  const path = pathOf(text, cwd);
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(
      `${envAndFlag('caFile')}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new UsageError(
      `${envAndFlag('caFile')}: ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
  return { caFile: path };
}
/** The fixtures ledger's name in the report directory, unless --fixtures-ledger puts it elsewhere. */
export const LEDGER_FILE = 'fixtures-ledger.json';

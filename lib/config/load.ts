// Turns flags, environment variables and a dotenv file into a checked Config. The only module that reads
// the environment. Every mistake is a UsageError whose one line says what to fix (exit code 2).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseDotenv } from 'dotenv';
import { UsageError } from '../errors.ts';
import { isCanonicalInt64 } from '../formats/int64.ts';
import { checkApiKey, checkBaseUrlText } from './credentials.ts';
import { inCi, unknownVariables } from './environment.ts';
import { SETTINGS, type Setting, type SettingKey } from './settings.ts';

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const PROFILES = ['standard', 'certification'] as const;
export type Profile = (typeof PROFILES)[number];
export const FAIL_ON = ['fail', 'warn'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export type TargetConfig =
  | { kind: 'url'; baseUrl: string; apiKey: string }
  | { kind: 'embedded'; faults: string[]; variants: string[] };

export interface Config {
  target: TargetConfig;
  secondApiKey?: string;
  cancellableOrderIds: string[];
  shippedOrderIds: string[];
  reportDir: string;
  only: string[];
  skip: string[];
  list: boolean;
  help: boolean;
  timeoutMs: number;
  maxRequests: number;
  maxWaitMs: number;
  maxResponseBytes: number;
  seed: number;
  propertyRuns: number;
  replayPath?: { checkId: string; path: string };
  skipRateLimitProbe: boolean;
  plan?: Plan;
  burst: boolean;
  /** certification: every check must run (a MUST the configuration leaves out is refused before sending). */
  profile: Profile;
  /** warn: a SHOULD warning fails the run too. */
  failOn: FailOn;
  /** A baseline file of known failures (absolute path), and whether a stale entry is tolerated. */
  baseline?: string;
  allowStaleBaseline: boolean;
  /** Whether the run is in CI (the CI variable is set): a run without a target must then say --embedded. */
  ci: boolean;
  /** Under GitHub Actions: `::error` annotations, and the file report.md is appended to (job summary). */
  githubActions: boolean;
  githubStepSummary?: string;
  /** The order list may be trusted to hold every order (embedded target, or --trust-order-list). */
  trustOrderList: boolean;
  /** The live key may go into a URL to a non-loopback target (--allow-key-in-url). */
  allowKeyInUrl: boolean;
  /** Things worth saying that do not stop the run (plain http to a remote host, ignored settings). */
  warnings: string[];
  envFile?: string;
}

export interface LoadOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  random?: () => number;
}

type Raw = Partial<Record<SettingKey, string | boolean>>;

function name(s: Setting): string {
  return `${s.env} (${s.flag})`;
}

function readFlags(argv: string[]): Raw {
  const options = Object.fromEntries(
    SETTINGS.map((s) => [s.flag.slice(2), { type: s.kind === 'boolean' ? 'boolean' : 'string' }] as const),
  ) as Record<string, { type: 'boolean' | 'string' }>;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new UsageError(`${msg}; see --help for the settings`);
  }
  const raw: Raw = {};
  for (const s of SETTINGS) {
    const v = values[s.flag.slice(2)];
    if (v !== undefined) raw[s.key] = v;
  }
  return raw;
}

function readEnv(env: Record<string, string | undefined>): Raw {
  const raw: Raw = {};
  for (const s of SETTINGS) {
    const v = env[s.env];
    if (v !== undefined && v !== '') raw[s.key] = v;
  }
  return raw;
}

function bool(s: Setting, v: string | boolean | undefined): boolean {
  if (v === undefined) return s.default === 'true';
  if (typeof v === 'boolean') return v;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new UsageError(`${name(s)} must be true or false, got ${JSON.stringify(v)}`);
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function int(s: Setting, v: string | boolean | undefined, min: number): number | undefined {
  const text = str(v) ?? (s.default === '' ? undefined : s.default);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${name(s)} must be an integer of at least ${min}, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function list(v: string | boolean | undefined): string[] {
  return (str(v) ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

function ids(s: Setting, v: string | boolean | undefined): string[] {
  const out = list(v);
  for (const id of out) {
    if (!isCanonicalInt64(id)) {
      throw new UsageError(
        `${name(s)} must list int64 order ids in plain decimal (e.g. 7,9007199254740993), got ${JSON.stringify(id)}`,
      );
    }
  }
  return out;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Checks the target base URL (spec §9 rule 1: its path ends with /v1) and returns it without a trailing slash. */
export function checkBaseUrl(text: string, warnings: string[]): string {
  checkBaseUrlText(text, 'ORDER_STORE_BASE_URL (--base-url)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `ORDER_STORE_BASE_URL (--base-url) is not a URL: ${JSON.stringify(text)}; use e.g. https://api.example.com/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`ORDER_STORE_BASE_URL (--base-url) must be http or https, got ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new UsageError(
      'ORDER_STORE_BASE_URL (--base-url) must not carry credentials; pass the key with ORDER_STORE_API_KEY',
    );
  }
  if (url.search || url.hash) {
    throw new UsageError('ORDER_STORE_BASE_URL (--base-url) must not have a query or fragment');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v1')) {
    throw new UsageError(
      `ORDER_STORE_BASE_URL (--base-url) must end with the version segment /v1 (spec §9 rule 1), got path ${JSON.stringify(url.pathname)}; e.g. ${url.origin}${path}/v1`,
    );
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    warnings.push(`the API key will travel in clear text over plain http to ${url.hostname}; prefer https`);
  }
  return `${url.origin}${path}`;
}

function choice<T extends string>(
  key: SettingKey,
  v: string | boolean | undefined,
  allowed: readonly T[],
): T {
  const s = setting(key);
  const text = (str(v) ?? s.default).toLowerCase();
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`${name(s)} must be one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`);
  return text as T;
}

function setting(key: SettingKey): Setting {
  return SETTINGS.find((s) => s.key === key)!;
}

export function loadConfig(argv: string[], options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const flags = readFlags(argv);
  const fromEnv = readEnv(env);
  const warnings: string[] = [];

  // The dotenv file is the weakest source: real environment variables and flags win over it.
  const envFileGiven = str(flags.envFile) ?? str(fromEnv.envFile);
  const envFilePath = resolve(cwd, envFileGiven ?? '.env');
  let fromFile: Raw = {};
  let envFile: string | undefined;
  if (existsSync(envFilePath)) {
    let fileVars: Record<string, string>;
    try {
      fileVars = parseDotenv(readFileSync(envFilePath));
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
      throw new UsageError(
        `cannot read the env file ${envFileGiven ?? '.env'} (${why}); fix ORDER_STORE_ENV_FILE (--env-file) or the file's permissions`,
      );
    }
    fromFile = readEnv(fileVars);
    envFile = envFilePath;
    warnings.push(...unknownVariables(fileVars, envFileGiven ?? '.env'));
  } else if (envFileGiven !== undefined) {
    throw new UsageError(
      `the env file ${envFileGiven} does not exist; fix ORDER_STORE_ENV_FILE (--env-file) or create the file`,
    );
  }
  warnings.push(...unknownVariables(env, 'environment'));
  const raw: Raw = { ...fromFile, ...fromEnv, ...flags };
  const get = (key: SettingKey) => raw[key];

  const help = bool(setting('help'), get('help'));
  const listOnly = bool(setting('list'), get('list'));
  const baseUrlText = str(get('baseUrl'));
  const apiKey = str(get('apiKey'));
  const faults = list(get('referenceFaults'));
  const embedded = bool(setting('embedded'), get('embedded'));
  const ci = inCi(env);
  const variants = list(get('referenceVariants'));
  let target: TargetConfig;
  if (baseUrlText !== undefined && embedded) {
    throw new UsageError(
      '--embedded (ORDER_STORE_EMBEDDED) and ORDER_STORE_BASE_URL (--base-url) name two targets; keep one',
    );
  }
  if (baseUrlText !== undefined) {
    const baseUrl = checkBaseUrl(baseUrlText, warnings);
    if (faults.length > 0)
      warnings.push(
        '--reference-faults applies to the embedded reference server only; ignored with --base-url',
      );
    if (variants.length > 0)
      warnings.push(
        '--reference-variants applies to the embedded reference server only; ignored with --base-url',
      );
    if (apiKey === undefined && !listOnly && !help) {
      throw new UsageError(
        'missing API key: set ORDER_STORE_API_KEY (or pass --api-key) for the target in ORDER_STORE_BASE_URL',
      );
    }
    if (apiKey !== undefined) checkApiKey(apiKey, 'ORDER_STORE_API_KEY (--api-key)');
    target = { kind: 'url', baseUrl, apiKey: apiKey ?? '' };
  } else {
    // A deploy gate that passes without touching staging is a trap: in CI the demo target must be asked for.
    if (ci && !embedded && !listOnly && !help)
      throw new UsageError(
        'no target: CI is set and ORDER_STORE_BASE_URL (--base-url) is not; set it to the server to test (with ORDER_STORE_API_KEY), or pass --embedded to test the embedded reference server on purpose',
      );
    if (apiKey !== undefined)
      warnings.push(
        'ORDER_STORE_API_KEY is ignored: no ORDER_STORE_BASE_URL, so the embedded reference server and its own key are used',
      );
    target = { kind: 'embedded', faults, variants };
  }

  const planText = str(get('plan'))?.toLowerCase();
  if (planText !== undefined && !(PLANS as readonly string[]).includes(planText)) {
    throw new UsageError(
      `ORDER_STORE_PLAN (--plan) must be one of ${PLANS.join(', ')}, got ${JSON.stringify(planText)}`,
    );
  }
  const replayText = str(get('replayPath'));
  let replayPath: Config['replayPath'];
  if (replayText !== undefined) {
    const m = /^([A-Z0-9-]+):(\d+(?::\d+)*)$/.exec(replayText);
    if (!m)
      throw new UsageError(
        `ORDER_STORE_REPLAY_PATH (--replay-path) must be CHECK-ID:PATH as printed by a failing property, got ${JSON.stringify(replayText)}`,
      );
    replayPath = { checkId: m[1]!, path: m[2]! };
  }
  const seed =
    int(setting('seed'), get('seed'), -(2 ** 31)) ?? Math.floor((options.random ?? Math.random)() * 2 ** 31);
  let secondApiKey = str(get('secondApiKey'));
  if (secondApiKey !== undefined && target.kind === 'embedded') {
    warnings.push(
      'ORDER_STORE_SECOND_API_KEY is ignored: the embedded reference server knows only its demo key',
    );
    secondApiKey = undefined;
  }
  if (secondApiKey !== undefined) checkApiKey(secondApiKey, 'ORDER_STORE_SECOND_API_KEY (--second-api-key)');
  if (secondApiKey !== undefined && secondApiKey === apiKey) {
    throw new UsageError(
      'ORDER_STORE_SECOND_API_KEY (--second-api-key) must be a different key from ORDER_STORE_API_KEY',
    );
  }
  const reportDir = str(get('reportDir')) ?? setting('reportDir').default;
  const baselineText = str(get('baseline'));

  return {
    target,
    ...(secondApiKey !== undefined ? { secondApiKey } : {}),
    cancellableOrderIds: ids(setting('cancellableOrderIds'), get('cancellableOrderIds')),
    shippedOrderIds: ids(setting('shippedOrderIds'), get('shippedOrderIds')),
    reportDir: isAbsolute(reportDir) ? reportDir : resolve(cwd, reportDir),
    only: list(get('only')).map((p) => p.toUpperCase()),
    skip: list(get('skip')).map((p) => p.toUpperCase()),
    list: listOnly,
    help,
    timeoutMs: int(setting('timeoutMs'), get('timeoutMs'), 1)!,
    maxRequests: int(setting('maxRequests'), get('maxRequests'), 1)!,
    maxWaitMs: int(setting('maxWaitSeconds'), get('maxWaitSeconds'), 0)! * 1000,
    maxResponseBytes: int(setting('maxResponseBytes'), get('maxResponseBytes'), 1024)!,
    seed,
    propertyRuns: int(setting('propertyRuns'), get('propertyRuns'), 0)!,
    ...(replayPath ? { replayPath } : {}),
    skipRateLimitProbe: bool(setting('skipRateLimitProbe'), get('skipRateLimitProbe')),
    ...(planText !== undefined ? { plan: planText as Plan } : {}),
    burst: bool(setting('burst'), get('burst')),
    profile: choice('profile', get('profile'), PROFILES),
    failOn: choice('failOn', get('failOn'), FAIL_ON),
    ...(baselineText !== undefined
      ? { baseline: isAbsolute(baselineText) ? baselineText : resolve(cwd, baselineText) }
      : {}),
    allowStaleBaseline: bool(setting('allowStaleBaseline'), get('allowStaleBaseline')),
    ci,
    githubActions: env.GITHUB_ACTIONS === 'true',
    ...(str(env.GITHUB_STEP_SUMMARY) !== undefined
      ? { githubStepSummary: str(env.GITHUB_STEP_SUMMARY)! }
      : {}),
    trustOrderList: bool(setting('trustOrderList'), get('trustOrderList')),
    allowKeyInUrl: bool(setting('allowKeyInUrl'), get('allowKeyInUrl')),
    warnings,
    ...(envFile !== undefined ? { envFile } : {}),
  };
}

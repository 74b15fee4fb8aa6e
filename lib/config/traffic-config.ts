// The configuration of the passive commands (`judge` a recording, `proxy` in front of a server): the same
// settings table, flags, environment twins and dotenv file as a run, each command taking only the settings
// that mean something without sending (a flag of a run that sends is refused, naming the command). Reads the
// environment handed in, never process.env itself.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseDotenv } from 'dotenv';
import { UsageError } from '../errors.ts';
import { FAIL_ON, type FailOn, PLANS, type Plan } from './config.ts';
import { checkApiKey, checkBaseUrlText } from './credentials.ts';
import { rawFromObject } from './object.ts';
import { commandRef } from './setting-ref.ts';
import { envAndFlag, SETTINGS, type Setting, type SettingKey, settingOf } from './settings.ts';
import { bool, choice, ids, int, list, type Raw, readEnv, str } from './values.ts';

export type TrafficMode = 'judge' | 'proxy';

export interface TrafficConfig {
  mode: TrafficMode;
  /** judge: the HAR files to read, in order. */
  har: string[];
  /** proxy: where every request is forwarded (an origin, or a URL whose path prefixes every request's). */
  target?: string;
  /** proxy: the address and port it listens on. */
  host: string;
  port: number;
  /** proxy: stop after this long, or after this many requests (else at SIGINT / SIGTERM). */
  durationSeconds?: number;
  requests?: number;
  /** The API's base URL; found from the recording when absent. */
  baseUrl?: string;
  /** Told to the judge to recognise the keys in a recording (and redact them); never sent. */
  apiKey?: string;
  secondApiKey?: string;
  cancellableOrderIds: string[];
  shippedOrderIds: string[];
  trustOrderList: boolean;
  /** How long lists may lag a cancel, as the server declares (the store model's allowance). */
  consistencySeconds: number;
  plan?: Plan;
  only: string[];
  skip: string[];
  reportDir: string;
  failOn: FailOn;
  baseline?: string;
  allowStaleBaseline: boolean;
  /** The largest body the proxy reads whole for the checks (it forwards any size). */
  maxResponseBytes: number;
  githubActions: boolean;
  githubStepSummary?: string;
  help: boolean;
  warnings: string[];
}

/** The settings each passive command reads; any other setting's flag is refused. */
const SHARED: readonly SettingKey[] = [
  'baseUrl',
  'apiKey',
  'secondApiKey',
  'cancellableOrderIds',
  'shippedOrderIds',
  'trustOrderList',
  'consistencySeconds',
  'plan',
  'only',
  'skip',
  'reportDir',
  'failOn',
  'baseline',
  'allowStaleBaseline',
  'envFile',
  'help',
];
export const TRAFFIC_SETTINGS: Record<TrafficMode, readonly SettingKey[]> = {
  judge: [...SHARED, 'har'],
  proxy: [...SHARED, 'target', 'proxyHost', 'proxyPort', 'duration', 'requests', 'maxResponseBytes'],
};

/** Flags as the command gives them; `--har` may be repeated (each adds files). */
function readCommandFlags(argv: string[], mode: TrafficMode): Raw {
  const keys = TRAFFIC_SETTINGS[mode];
  const options = Object.fromEntries(
    SETTINGS.filter((s) => keys.includes(s.key)).map((s: Setting) => [
      s.flag.slice(2),
      {
        type: s.kind === 'boolean' ? 'boolean' : 'string',
        ...(s.key === 'har' ? { multiple: true } : {}),
        ...(s.short ? { short: s.short } : {}),
      },
    ]),
  ) as Record<string, { type: 'boolean' | 'string'; multiple?: boolean; short?: string }>;
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new UsageError(
      `${msg}; see order-store-conformance ${mode} ${commandRef('help')} for its settings`,
    );
  }
  const raw: Raw = {};
  for (const s of SETTINGS) {
    const v = values[s.flag.slice(2)];
    if (v !== undefined) raw[s.key] = Array.isArray(v) ? v.join(',') : (v as string | boolean);
  }
  return raw;
}

/** What a setting means to a command that sends nothing, where a run's meaning would mislead. */
export const PASSIVE_HELP: Partial<Record<SettingKey, string>> = {
  baseUrl:
    "The API's base URL in the traffic (its path ends in /v1). Unset: found from the traffic's own requests; nothing is started or sent.",
  apiKey:
    'The key the traffic carries: recognised (another token is judged as a wrong key) and redacted in the reports; never sent.',
  secondApiKey: 'A second key the traffic carries: recognised and redacted; never sent.',
};

export interface TrafficLoadOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** The settings as an object (the API): no ORDER_STORE_* variable is read, nor a dotenv file unless named. */
  settings?: Readonly<Record<string, unknown>>;
}

export function loadTrafficConfig(
  argv: string[],
  mode: TrafficMode,
  options: TrafficLoadOptions = {},
): TrafficConfig {
  const env = options.env ?? {};
  const cwd = options.cwd ?? process.cwd();
  const fromObject = options.settings !== undefined;
  const flags = fromObject ? rawFromObject(options.settings!) : readCommandFlags(argv, mode);
  const fromEnv = fromObject ? {} : readEnv(env);
  const envFileGiven = str(flags.envFile) ?? str(fromEnv.envFile);
  const envFilePath = resolve(cwd, envFileGiven ?? '.env');
  let fromFile: Raw = {};
  if (existsSync(envFilePath) && (!fromObject || envFileGiven !== undefined)) {
    try {
      fromFile = readEnv(parseDotenv(readFileSync(envFilePath)));
    } catch (e) {
      throw new UsageError(
        `cannot read the env file ${envFileGiven ?? '.env'} (${(e as Error).message}); fix ${envAndFlag('envFile')}`,
      );
    }
  } else if (envFileGiven !== undefined)
    throw new UsageError(
      `the env file ${envFileGiven} does not exist; fix ${envAndFlag('envFile')} or create the file`,
    );
  const raw: Raw = { ...fromFile, ...fromEnv, ...flags };
  const allowed = TRAFFIC_SETTINGS[mode];
  const get = (key: SettingKey) => (allowed.includes(key) ? raw[key] : undefined);
  if (fromObject)
    for (const key of Object.keys(flags) as SettingKey[])
      if (!allowed.includes(key))
        throw new UsageError(
          `${key} is not a setting of ${mode === 'judge' ? 'judgeTraffic' : 'the proxy'}: it sends nothing`,
        );
  const warnings: string[] = [];
  const help = bool(settingOf('help'), get('help'));
  const baseUrl = str(get('baseUrl'));
  if (baseUrl !== undefined) checkBaseUrlText(baseUrl, envAndFlag('baseUrl'));
  const apiKey = str(get('apiKey'));
  if (apiKey !== undefined) checkApiKey(apiKey, envAndFlag('apiKey'));
  const secondApiKey = str(get('secondApiKey'));
  if (secondApiKey !== undefined) checkApiKey(secondApiKey, envAndFlag('secondApiKey'));
  const planText = str(get('plan'))?.toLowerCase();
  if (planText !== undefined && !(PLANS as readonly string[]).includes(planText))
    throw new UsageError(
      `${envAndFlag('plan')} must be one of ${PLANS.join(', ')}, got ${JSON.stringify(planText)}`,
    );
  const har = list(get('har')).map((f) => (isAbsolute(f) ? f : resolve(cwd, f)));
  const target = str(get('target'));
  // The API hands the traffic over itself; the command reads it from files.
  if (!help && !fromObject && mode === 'judge' && har.length === 0)
    throw new UsageError(`no recording to judge: give a HAR file with ${envAndFlag('har')}`);
  if (!help && mode === 'proxy') {
    if (target === undefined)
      throw new UsageError(`no target to forward to: give the server's URL with ${envAndFlag('target')}`);
    checkBaseUrlText(target, envAndFlag('target'));
  }
  const reportDir = str(get('reportDir')) ?? settingOf('reportDir').default;
  const baselineText = str(get('baseline'));
  const durationSeconds = int(settingOf('duration'), get('duration'), 1);
  const requests = int(settingOf('requests'), get('requests'), 1);
  return {
    mode,
    har,
    ...(target !== undefined ? { target: target.replace(/\/+$/, '') } : {}),
    host: str(get('proxyHost')) ?? settingOf('proxyHost').default,
    port: int(settingOf('proxyPort'), get('proxyPort'), 0)!,
    ...(durationSeconds !== undefined ? { durationSeconds } : {}),
    ...(requests !== undefined ? { requests } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(secondApiKey !== undefined ? { secondApiKey } : {}),
    cancellableOrderIds: ids(settingOf('cancellableOrderIds'), get('cancellableOrderIds')),
    shippedOrderIds: ids(settingOf('shippedOrderIds'), get('shippedOrderIds')),
    trustOrderList: bool(settingOf('trustOrderList'), get('trustOrderList')),
    consistencySeconds: int(settingOf('consistencySeconds'), get('consistencySeconds'), 0)!,
    ...(planText !== undefined ? { plan: planText as Plan } : {}),
    only: list(get('only')).map((p) => p.toUpperCase()),
    skip: list(get('skip')).map((p) => p.toUpperCase()),
    reportDir: isAbsolute(reportDir) ? reportDir : resolve(cwd, reportDir),
    failOn: choice('failOn', get('failOn'), FAIL_ON),
    ...(baselineText !== undefined
      ? { baseline: isAbsolute(baselineText) ? baselineText : resolve(cwd, baselineText) }
      : {}),
    allowStaleBaseline: bool(settingOf('allowStaleBaseline'), get('allowStaleBaseline')),
    maxResponseBytes: int(settingOf('maxResponseBytes'), get('maxResponseBytes'), 1024)!,
    githubActions: env.GITHUB_ACTIONS === 'true',
    ...(str(env.GITHUB_STEP_SUMMARY) !== undefined
      ? { githubStepSummary: str(env.GITHUB_STEP_SUMMARY)! }
      : {}),
    help,
    warnings,
  };
}

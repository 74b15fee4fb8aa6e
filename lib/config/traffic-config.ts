// The configuration of the passive commands (`judge` a recording, `proxy` in front of a server): the same
// settings table, flags, environment twins and dotenv file as a run (sources.ts reads them for both), each
// command taking only the settings that mean something without sending (a flag of a run that sends is
// refused, naming the command). Reads the environment handed in, never process.env itself.
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.ts';
import { checkApiKey, checkBaseUrlText } from './credentials.ts';
import { envAndFlag, SETTINGS, type Setting, type SettingKey, settingOf } from './settings.ts';
import { type CommonSettings, commonSettings, pathOf, readSources } from './sources.ts';
import { bool, int, list, type Raw, str } from './values.ts';

export type TrafficMode = 'judge' | 'proxy';

export interface TrafficConfig extends CommonSettings {
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
  /** How long lists may lag a cancel, as the server declares (the store model's allowance). */
  consistencySeconds: number;
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
    throw new UsageError(`${msg}; see order-store-conformance ${mode} --help for its settings`);
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
  const { raw, flags, fromObject, unknown } = readSources(
    argv,
    { env, cwd, ...(options.settings ? { settings: options.settings } : {}) },
    (args) => readCommandFlags(args, mode),
  );
  const allowed = TRAFFIC_SETTINGS[mode];
  const get = (key: SettingKey) => (allowed.includes(key) ? raw[key] : undefined);
  if (fromObject)
    for (const key of Object.keys(flags) as SettingKey[])
      if (!allowed.includes(key))
        throw new UsageError(
          `${key} is not a setting of ${mode === 'judge' ? 'judgeTraffic' : 'the proxy'}: it sends nothing`,
        );
  const warnings: string[] = [...unknown];
  const help = bool(settingOf('help'), get('help'));
  const baseUrl = str(get('baseUrl'));
  if (baseUrl !== undefined) checkBaseUrlText(baseUrl, envAndFlag('baseUrl'));
  const apiKey = str(get('apiKey'));
  if (apiKey !== undefined) checkApiKey(apiKey, envAndFlag('apiKey'));
  const secondApiKey = str(get('secondApiKey'));
  if (secondApiKey !== undefined) checkApiKey(secondApiKey, envAndFlag('secondApiKey'));
  const common = commonSettings(get, cwd);
  const har = list(get('har')).map((f) => pathOf(f, cwd));
  const target = str(get('target'));
  // The API hands the traffic over itself; the command reads it from files.
  if (!help && !fromObject && mode === 'judge' && har.length === 0)
    throw new UsageError(`no recording to judge: give a HAR file with ${envAndFlag('har')}`);
  if (!help && mode === 'proxy') {
    if (target === undefined)
      throw new UsageError(`no target to forward to: give the server's URL with ${envAndFlag('target')}`);
    checkBaseUrlText(target, envAndFlag('target'));
  }
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
    consistencySeconds: int(settingOf('consistencySeconds'), get('consistencySeconds'), 0)!,
    ...common,
    maxResponseBytes: int(settingOf('maxResponseBytes'), get('maxResponseBytes'), 1024)!,
    githubActions: env.GITHUB_ACTIONS === 'true',
    ...(str(env.GITHUB_STEP_SUMMARY) !== undefined
      ? { githubStepSummary: str(env.GITHUB_STEP_SUMMARY)! }
      : {}),
    help,
    warnings,
  };
}

// The settings that shape a run's edges rather than its checks: extra request headers, the gate's floor of MUST
// checks evaluated, which report files to write, the proxies the environment names, and the warning for a key
// given on the command line. Each turns text into its value or a UsageError naming the setting.
import { UsageError } from '../errors.ts';
import { type MustFloor, type ProxySettings, REPORT_FORMATS, type ReportFormat } from './config.ts';
import { closest, distance } from './environment.ts';
import { envAndFlag, flagRef, settingOf, varRef } from './settings.ts';
import { list, str } from './values.ts';

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Fields the harness owns: the credential, where the request goes, and how its message is framed. */
const OWNED = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);
/** A field whose value is likely a credential: never printed or written. */
export const SECRET_NAME = /auth|token|key|secret|cookie|session|passw|signature|credential/i;

/** `Name: value` lines (one per line), checked: a token name, a value with no control character. */
export function headersOf(text: string | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const what = envAndFlag('headers');
  for (const line of (text ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line.trim() : line.slice(0, colon).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    // The value is never quoted: it may be a secret.
    if (colon < 0 || !TOKEN.test(name))
      throw new UsageError(
        `${what}: each header is "Name: value" with a token for its name, got ${JSON.stringify(name)}`,
      );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new UsageError(`${what}: the value of ${name} has a control character`);
    const lower = name.toLowerCase();
    if (OWNED.has(lower))
      throw new UsageError(
        `${what}: ${name} is set by the run itself (${lower === 'authorization' ? `the key goes in ${envAndFlag('apiKey')}` : 'where a request goes and how it is framed'}); it cannot be given`,
      );
    if (out.some(([n]) => n.toLowerCase() === lower))
      throw new UsageError(`${what}: ${name} is given twice; give each header once`);
    out.push([name, value]);
  }
  return out;
}

/** N, N%, all or planned. */
export function mustFloorOf(text: string | undefined): MustFloor | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (t === 'all') return { kind: 'all' };
  if (t === 'planned') return { kind: 'planned' };
  if (/^\d+$/.test(t)) return { kind: 'count', value: Number(t) };
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(t);
  if (percent && Number(percent[1]) <= 100) return { kind: 'percent', value: Number(percent[1]) };
  throw new UsageError(
    `${envAndFlag('minMustEvaluated')} must be a count (40), a share of the MUST checks selected (90%), all or planned, got ${JSON.stringify(text)}`,
  );
}

/** The report files asked for; report.json is always among them (the run folder's record, `latest`, verify). */
export function reportsOf(text: string | boolean | undefined): ReportFormat[] {
  const asked = list(str(text) ?? settingOf('reports').default).map((f) => f.toLowerCase());
  for (const f of asked)
    if (!(REPORT_FORMATS as readonly string[]).includes(f)) {
      const guess = closest(f, REPORT_FORMATS);
      throw new UsageError(
        `${envAndFlag('reports')}: unknown report ${JSON.stringify(f)}${distance(f, guess) <= 2 ? ` (did you mean ${guess}?)` : ''}; the reports are ${REPORT_FORMATS.join(', ')}`,
      );
    }
  return REPORT_FORMATS.filter((f) => f === 'json' || asked.includes(f));
}

/** The proxies named by the environment, as curl and undici's EnvHttpProxyAgent read them (lower case wins). */
export function proxyOf(env: Record<string, string | undefined>): ProxySettings | undefined {
  const pick = (name: string) => str(env[name.toLowerCase()]) ?? str(env[name]);
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY');
  const noProxy = pick('NO_PROXY');
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  for (const [name, url] of [
    ['HTTP_PROXY', httpProxy],
    ['HTTPS_PROXY', httpsProxy],
  ] as const)
    if (url !== undefined && !/^https?:\/\/[^\s]+$/i.test(url))
      throw new UsageError(`${name} must be an http:// or https:// URL of the proxy`);
  return {
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    ...(noProxy !== undefined ? { noProxy } : {}),
  };
}

/** The one warning for keys given as flags: argv sits in `ps` for the whole run, and in shell history. */
export function keyFlagWarning(flags: Partial<Record<'apiKey' | 'secondApiKey', unknown>>): string[] {
  const given = (['apiKey', 'secondApiKey'] as const).filter((k) => flags[k] !== undefined);
  if (given.length === 0) return [];
  const names = given.map(flagRef).join(' and ');
  const vars = given.map(varRef).join(' and ');
  return [
    `a key given on the command line (${names}) is visible to every user of this machine in the process list, and shells keep it in their history: set ${vars} in the environment or in an env file (${flagRef('envFile')}) instead`,
  ];
}

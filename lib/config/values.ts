// Reads settings as text (flags, environment variables) and turns one value into its type, or a UsageError
// naming the setting and what it must be. Reads no environment of its own: the caller hands it in.
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.ts';
import { isCanonicalInt64 } from '../formats/int64.ts';
import { closest, distance } from './environment.ts';
import { commandRef } from './setting-ref.ts';
import { envRef, SETTINGS, type Setting, type SettingKey, settingOf } from './settings.ts';

export type Raw = Partial<Record<SettingKey, string | boolean>>;

/** The setting as a configuration error names it: `ENV (--flag)` in the command, its key in the API. */
export function name(s: Setting): string {
  return envRef(s.key as SettingKey);
}

/** Flags the command answers beside the settings (main.ts): a misspelling of them is named too. */
const COMMAND_FLAGS = ['--version'];

/** parseArgs' complaint, with the flag it most likely meant when an unknown one is a near miss. */
function flagProblem(e: unknown): string {
  const msg = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  const unknown = /^Unknown option '(--?[^'=]+)/.exec(msg)?.[1];
  if (unknown === undefined)
    return `${msg.replace(/\. To specify a positional argument.*$/, '')}; see ${commandRef('help')} for the settings`;
  const known = [...SETTINGS.map((s) => s.flag as string), ...COMMAND_FLAGS];
  const guess = closest(unknown, known);
  return `unknown flag ${unknown}${distance(unknown, guess) <= 3 ? `; did you mean ${guess}?` : ''} (see ${commandRef('help')} for the settings)`;
}

/**
 * The arguments with a value that starts with '-' and a digit (`--cancellable-order-ids -9223372036854775808,1`)
 * joined to the option that takes it (`--cancellable-order-ids=-9223372036854775808,1`): parseArgs would refuse
 * it as ambiguous, though no flag starts with a digit. Only after an option that takes a value; not after `--`.
 */
export function joinNegativeValues(argv: readonly string[], takesValue: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-[0-9]/.test(next)) {
      out.push(arg.startsWith('--') ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function readFlags(argv: string[]): Raw {
  const options = Object.fromEntries(
    SETTINGS.map((s: Setting) => [
      s.flag.slice(2),
      {
        type: s.kind === 'boolean' ? 'boolean' : 'string',
        ...(s.kind === 'headers' ? { multiple: true } : {}),
        ...(s.short ? { short: s.short } : {}),
      },
    ]),
  ) as Record<string, { type: 'boolean' | 'string'; multiple?: boolean; short?: string }>;
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    const takesValue = new Set(
      Object.entries(options).flatMap(([flag, o]) =>
        o.type === 'string' ? [`--${flag}`, ...(o.short ? [`-${o.short}`] : [])] : [],
      ),
    );
    const args = joinNegativeValues(argv, takesValue);
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values as typeof values;
  } catch (e) {
    throw new UsageError(flagProblem(e));
  }
  const raw: Raw = {};
  for (const s of SETTINGS) {
    const v = values[s.flag.slice(2)];
    // A flag given once per value (--header) reads as the lines its variable would hold.
    if (v !== undefined) raw[s.key] = Array.isArray(v) ? v.join('\n') : v;
  }
  return raw;
}

export function readEnv(env: Record<string, string | undefined>): Raw {
  const raw: Raw = {};
  for (const s of SETTINGS) {
    const v = env[s.env];
    if (v !== undefined && v !== '') raw[s.key] = v;
  }
  return raw;
}

export function bool(s: Setting, v: string | boolean | undefined): boolean {
  if (v === undefined) return s.default === 'true';
  if (typeof v === 'boolean') return v;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new UsageError(`${name(s)} must be true or false, got ${JSON.stringify(v)}`);
}

export function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

export function int(s: Setting, v: string | boolean | undefined, min: number): number | undefined {
  const text = str(v) ?? (s.default === '' ? undefined : s.default);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${name(s)} must be an integer of at least ${min}, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

export function list(v: string | boolean | undefined): string[] {
  return (str(v) ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

export function ids(s: Setting, v: string | boolean | undefined): string[] {
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

export function choice<T extends string>(
  key: SettingKey,
  v: string | boolean | undefined,
  allowed: readonly T[],
): T {
  const s = settingOf(key);
  const text = (str(v) ?? s.default).toLowerCase();
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`${name(s)} must be one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`);
  return text as T;
}

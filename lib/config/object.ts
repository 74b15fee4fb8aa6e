// The settings as one object, the programmatic API's form of the command's flags: the same names (the keys of
// settings.ts), turned into the text the flags would carry so that load.ts checks them the same way. Reads no
// environment; refuses a key that is no setting, naming the closest one.
import { UsageError } from '../errors.ts';
import { closest } from './environment.ts';
import { SETTINGS, type SettingKind } from './settings.ts';
import type { Raw } from './values.ts';

type ValueOf<K extends SettingKind> = K extends 'boolean'
  ? boolean
  : K extends 'integer'
    ? number
    : K extends 'list'
      ? string | readonly (string | number | bigint)[]
      : K extends 'headers'
        ? Readonly<Record<string, string>> | readonly string[]
        : string;

/** A setting of a fixed set of values takes one of them (a list, some of them): `plan: 'gold'` does not compile. */
type TypeOf<S> = S extends { kind: 'list'; values: readonly (infer V)[] }
  ? readonly V[]
  : S extends { values: readonly (infer V)[] }
    ? V
    : S extends { kind: infer K extends SettingKind }
      ? ValueOf<K>
      : never;

/** Every setting of the command by its key (`baseUrl`, `apiKey`, `maxRequests`...), each optional. */
export type SettingsObject = {
  [S in (typeof SETTINGS)[number] as S['key']]?: TypeOf<S> | undefined;
};

function text(key: string, kind: SettingKind, value: unknown): string | boolean {
  // The API's own word for the setting: its key, never the flag or variable it never reads.
  const what = key;
  if (kind === 'boolean' && typeof value === 'boolean') return value;
  if (kind === 'integer' && typeof value === 'number') return String(value);
  if (kind === 'list' && Array.isArray(value))
    return value
      .map((v: unknown) => {
        // An id above 2^53 is no longer itself as a number: it must come as a string or a bigint.
        if (typeof v === 'number' && !Number.isSafeInteger(v))
          throw new UsageError(`${what}: ${v} is not a safe integer; pass large ids as strings or bigints`);
        if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint')
          throw new UsageError(`${what} must list strings or numbers, got ${typeof v}`);
        return String(v);
      })
      .join(',');
  if (kind === 'headers' && Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.join('\n');
  if (kind === 'headers' && value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value as Record<string, unknown>)
      .map(([name, v]) => {
        if (typeof v !== 'string') throw new UsageError(`${what}: the value of ${name} must be a string`);
        return `${name}: ${v}`;
      })
      .join('\n');
  if (typeof value === 'string') return value;
  throw new UsageError(
    `${what} must be ${kind === 'list' ? 'a list' : kind === 'headers' ? 'an object of header names and values' : `a ${kind}`}, got ${typeof value}`,
  );
}

/** The object's settings as raw text, as readFlags would give them; undefined values are left out. */
export function rawFromObject(settings: Readonly<Record<string, unknown>>): Raw {
  const raw: Raw = {};
  for (const [key, value] of Object.entries(settings)) {
    const s = SETTINGS.find((x) => x.key === key);
    if (!s)
      throw new UsageError(
        `${JSON.stringify(key)} is not a setting; did you mean ${closest(
          key,
          SETTINGS.map((x) => x.key),
        )}?`,
      );
    if (value === undefined) continue;
    raw[s.key] = text(key, s.kind, value);
  }
  return raw;
}

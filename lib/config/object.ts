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
      : string;

/** Every setting of the command by its key (`baseUrl`, `apiKey`, `maxRequests`...), each optional. */
export type SettingsObject = {
  [S in (typeof SETTINGS)[number] as S['key']]?: ValueOf<S['kind']> | undefined;
};

function text(key: string, kind: SettingKind, value: unknown): string | boolean {
  const s = SETTINGS.find((x) => x.key === key)!;
  const what = `${key} (${s.env}, ${s.flag})`;
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
  if (typeof value === 'string') return value;
  throw new UsageError(`${what} must be ${kind === 'list' ? 'a list' : `a ${kind}`}, got ${typeof value}`);
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

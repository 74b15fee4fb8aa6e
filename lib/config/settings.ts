// The catalogue of settings: flag, environment twin, default, meaning, its rows kept by area in settings/. load.ts
// parses them; --help, docs/settings.md (generated) and .env.example are checked against this list by the tests.
import { ref } from './setting-ref.ts';
import { FIXTURE_SETTINGS } from './settings/fixtures.ts';
import { LIMIT_SETTINGS } from './settings/limits.ts';
import { OUTPUT_SETTINGS } from './settings/output.ts';
import { PASSIVE_SETTINGS } from './settings/passive.ts';
import type { Setting } from './settings/row.ts';
import { SELECTION_SETTINGS } from './settings/selection.ts';
import { TARGET_SETTINGS } from './settings/target.ts';

export type { Setting, SettingKind } from './settings/row.ts';

/** Every setting, in the order --help and docs/settings.md show them: by area, the target first. */
export const SETTINGS = [
  ...TARGET_SETTINGS,
  ...FIXTURE_SETTINGS,
  ...SELECTION_SETTINGS,
  ...LIMIT_SETTINGS,
  ...OUTPUT_SETTINGS,
  ...PASSIVE_SETTINGS,
] as const satisfies readonly Setting[];

export type SettingKey = (typeof SETTINGS)[number]['key'];

/** The row declared under `key`. */
export function settingOf(key: SettingKey): Setting {
  return SETTINGS.find((s) => s.key === key)!;
}

/** The setting named in a message as data (setting-ref.ts): the command prints `--flag / ENV`, the API the key. */
export function settingRef(key: SettingKey): string {
  return ref('setting', key);
}

/** Named as a configuration error names it: the command prints `ENV (--flag)`. */
export function envRef(key: SettingKey): string {
  return ref('env', key);
}

/** Its switch alone: the command prints `--flag`. */
export function flagRef(key: SettingKey): string {
  return ref('flag', key);
}

/** Its variable alone: the command prints `ENV`. */
export function varRef(key: SettingKey): string {
  return ref('var', key);
}

/**
 * How a reason to act names a setting: a token the command prints as `--flag / ENV_VARIABLE` and the API as the
 * key (setting-ref.ts); the message carries the setting, each face its words.
 */
export function flagAndEnv(key: SettingKey): string {
  return settingRef(key);
}

/** How a configuration error names a setting: a token the command prints as `ENV_VARIABLE (--flag)`. */
export function envAndFlag(key: SettingKey): string {
  return envRef(key);
}

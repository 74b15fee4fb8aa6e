// The shape of one row of the settings catalogue (settings.ts assembles the rows of this folder, one file per
// area of settings). Types only.

/** `headers`: a flag given once per value, one value per line in its variable. */
export type SettingKind = 'string' | 'integer' | 'boolean' | 'list' | 'headers';

export interface Setting {
  /** Key in the parsed options. */
  key: string;
  flag: string;
  env: string;
  kind: SettingKind;
  /** The default as a user would write it; '' when there is none. */
  default: string;
  help: string;
  /** The values it takes, when they are a fixed set (each item of a list); the API types them as a union. */
  values?: readonly string[];
  /** A one-letter flag that means the same (`-h`). */
  short?: string;
}

// Renders the setting tokens of setting-ref.ts in a face's words: 'cli' (flags and variables) or 'api' (the
// settings object's keys). Called by the faces and, with the face they pass, where the engine writes a report;
// never below: a message keeps its tokens until it leaves for a person.
import { type CommandRef, TOKEN } from './setting-ref.ts';
import { SETTINGS, type Setting } from './settings.ts';

/** Who reads the text: the command's user, or a caller of the typed API. */
export type Face = 'cli' | 'api';

const ROWS: ReadonlyMap<string, Setting> = new Map(SETTINGS.map((s) => [s.key, s]));

const COMMAND: Record<Face, Record<CommandRef, string>> = {
  cli: { help: ROWS.get('help')!.flag, list: ROWS.get('list')!.flag },
  api: { help: 'the Settings type', list: 'listChecks()' },
};

function word(form: string, name: string, face: Face): string | undefined {
  if (form === 'command')
    return Object.hasOwn(COMMAND[face], name) ? COMMAND[face][name as CommandRef] : undefined;
  const s = ROWS.get(name);
  if (s === undefined) return undefined;
  if (face === 'api') return s.key;
  if (form === 'setting') return `${s.flag} / ${s.env}`;
  if (form === 'env') return `${s.env} (${s.flag})`;
  return form === 'flag' ? s.flag : s.env;
}

/** `text` with every token in `face`'s words; a token that names no setting is left as written (see OPEN). */
export function renderSettings(text: string, face: Face): string {
  if (!text.includes('⟦')) return text;
  return text.replace(TOKEN, (whole, form: string, name: string) => word(form, name, face) ?? whole);
}

/**
 * `value` with every string inside rendered (plain objects and arrays, walked; anything else kept as is): a
 * report as the face shows it. What holds no token is returned as it was, not copied.
 */
export function renderDeep<T>(value: T, face: Face): T {
  if (typeof value === 'string') return renderSettings(value, face) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const r = renderDeep(v, face);
      if (r === v) return;
      out ??= value.slice();
      out[i] = r;
    });
    return (out ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const r = renderDeep(v, face);
    if (r === v) continue;
    out ??= { ...(value as Record<string, unknown>) };
    out[k] = r;
  }
  return (out ?? value) as T;
}

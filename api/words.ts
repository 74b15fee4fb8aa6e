// The API's words for what the command names by flag and variable: the settings object's key (`apiKey`), and a
// function for a flag of the command (`listChecks()` for --list). The configuration code below both faces words
// its errors for the command; the API rewords them, and the warnings it logs, before a caller sees them.
import { SETTINGS } from '../lib/config/settings.ts';
import { HarnessError } from '../lib/errors.ts';

/** Longest flag first, so --skip never takes the start of --skip-rate-limit-probe. */
const ROWS = [...SETTINGS].sort((a, b) => b.flag.length - a.flag.length);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every flag and variable of a setting replaced by its key, and --list, --help by the API's own. */
export function apiWords(text: string): string {
  let out = text
    .replace(/see --help for the settings/g, 'see the Settings type for the settings')
    .replace(/see --list(?![\w-])/g, 'see listChecks()');
  for (const s of ROWS)
    out = out.split(`${s.env} (${s.flag})`).join(s.key).split(`${s.flag} / ${s.env}`).join(s.key);
  for (const s of ROWS)
    out = out
      .replace(new RegExp(`\\b${literal(s.env)}\\b`, 'g'), s.key)
      .replace(new RegExp(`(?<![\\w-])${literal(s.flag)}(?![\\w-])`, 'g'), s.key);
  return out;
}

/** The error with its message in the API's words (same class and code), for a caller of the API. */
export function inApiWords<E>(error: E): E {
  if (error instanceof HarnessError) error.message = apiWords(error.message);
  return error;
}

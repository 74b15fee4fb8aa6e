// The API's words for the settings its messages name: the settings object's key (`apiKey`) where the command
// prints a flag and a variable, `listChecks()` where it points at --list. Messages below both faces carry the
// settings as tokens (lib/config/setting-ref.ts); the API renders them here, in what it returns, throws and logs.
import { renderSettings } from '../lib/config/setting-words.ts';
import { HarnessError, UsageError } from '../lib/errors.ts';

/** `text` with every setting named by its key. */
export function apiWords(text: string): string {
  return renderSettings(text, 'api');
}

/** The error with its message (and a UsageError's warnings) in the API's words: same class and code. */
export function inApiWords<E>(error: E): E {
  if (error instanceof HarnessError) error.message = apiWords(error.message);
  if (error instanceof UsageError) error.warnings = error.warnings.map(apiWords);
  return error;
}

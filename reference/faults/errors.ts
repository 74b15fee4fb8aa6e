// The named faults of Error bodies: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const ERRORS_FAULTS = faultsOf('errors', [
  fault(
    'error-missing-message',
    'any response',
    'spec §2 Error (message required)',
    'Error bodies lack `message`.',
  ),
  fault(
    'error-status-string',
    'any response',
    'spec §2 Error (status is an integer)',
    'Error bodies carry `status` as a string, e.g. "404".',
  ),
  fault(
    'error-status-mismatch',
    'any response',
    'spec §2 Error (status is the HTTP status code)',
    'Error bodies carry status 400 whatever the HTTP status (422 when the HTTP status is itself 400).',
  ),
  fault(
    'error-text-plain',
    'any response',
    'spec §7 (error responses use the Error object)',
    'Errors are text/plain prose instead of an Error object.',
  ),
  fault(
    'error-json-labelled-html',
    'any response',
    'RFC 9110 §8.3; spec §1 (exchanges JSON)',
    'Error bodies are the Error object, labelled Content-Type: text/html; charset=utf-8 (serialized by hand and handed to a send() that labels strings as HTML).',
  ),
  fault(
    'conflict-body-not-error',
    'cancel',
    'spec §7 (error responses use the Error object)',
    'The 409 for a shipped order carries {"error":"already shipped"}, not an Error.',
  ),
]);

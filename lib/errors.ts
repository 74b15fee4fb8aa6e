// Errors the harness raises, each with a stable code (scripts and tests match on the code, never the text).
// Messages must never contain the API key: they reach the console and the report.
import { SETTINGS, type SettingKey } from './config/settings.ts';

export const EXIT = {
  conformant: 0,
  nonConformant: 1,
  usage: 2,
  incomplete: 3,
} as const;

export type ErrorCode =
  | 'E_USAGE' // a flag or setting is wrong; the message says what to fix
  | 'E_UNREACHABLE' // the target did not accept a connection at preflight
  | 'E_KEY_REFUSED' // the first request with the API key was answered 401: the key is wrong, nothing is judged
  | LimitCode
  | 'E_HTTP' // a request failed at the transport level (reset, refused, malformed framing)
  | 'E_INTERNAL'; // a bug in the harness

/** A limit of the harness was reached (see LimitError). */
export type LimitCode =
  | 'E_BUDGET' // the request budget (--max-requests) would be exceeded
  | 'E_RATE_LIMIT_WAIT' // the target asks for a wait longer than --max-wait-seconds
  | 'E_TIMEOUT' // an exchange outlasted one of our timeouts (--timeout-ms)
  | 'E_RESPONSE_TOO_LARGE'; // a body is larger than --max-response-bytes

export class HarnessError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HarnessError';
    this.code = code;
  }
}

/** A misconfigured run: exit code 2 with one line saying what to fix. */
export class UsageError extends HarnessError {
  constructor(message: string) {
    super('E_USAGE', message);
    this.name = 'UsageError';
  }
}

/**
 * One of the harness's own limits stopped an exchange or a wait: a size cap, a timeout, a wait limit, the
 * request budget. It is never a finding against the target: the check that meets it ends `error`, which
 * makes the run incomplete (exit 3). The convention every limit follows: a LimitCode, and a message that
 * says what happened, then names the setting to raise: `<what>; raise --flag / ENV_VARIABLE (...)`.
 */
export class LimitError extends HarnessError {
  /** The setting that would lift the limit. */
  readonly setting: SettingKey;
  constructor(code: LimitCode, what: string, setting: SettingKey, options?: { cause?: unknown }) {
    const s = SETTINGS.find((x) => x.key === setting)!;
    super(
      code,
      `${what}; raise ${s.flag} / ${s.env} (a limit of this harness, not a fault of the target)`,
      options,
    );
    this.name = 'LimitError';
    this.setting = setting;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Errors the harness raises, each with a stable code (scripts and tests match on the code, never the text).
// Messages must never contain the API key: they reach the console and the report. The floor of lib/: imports
// nothing, so every folder may throw these.

export const EXIT = {
  conformant: 0,
  nonConformant: 1,
  usage: 2,
  incomplete: 3,
  /** The target could not be reached, or never answered: nothing was judged (staging is down, not failing). */
  unreachable: 4,
} as const;

export type ErrorCode =
  | 'E_USAGE' // a flag or setting is wrong; the message says what to fix
  | 'E_UNREACHABLE' // the target did not accept a connection, or never answered: exit 4
  | 'E_KEY_REFUSED' // the first request with the API key was answered 401: the key is wrong, nothing is judged
  | LimitCode
  | 'E_HTTP' // a request failed at the transport level (reset, refused, malformed framing)
  | 'E_BANNED' // the target banned the key: no form of it is sent again in the run
  | 'E_PASSIVE' // a judge of recorded traffic asked to send a request: a passive run sends nothing, ever
  | 'E_LEFT_OUT' // a rule of the run refused a request before sending it: the check is left out (skip), no error
  | 'E_INTERNAL'; // a bug in the harness

/** A limit of the harness was reached (see LimitError in config/limits.ts). */
export type LimitCode =
  | 'E_BUDGET' // the request budget (--max-requests) would be exceeded
  | 'E_RATE_LIMIT_WAIT' // the target asks for a wait longer than --max-wait-seconds
  | 'E_TIMEOUT' // an exchange outlasted one of our timeouts (--timeout-ms)
  | 'E_RESPONSE_TOO_LARGE' // a body is larger than --max-response-bytes
  | 'E_HEADERS_TOO_LARGE' // a response's header section is larger than --max-header-bytes
  | 'E_JSON_DEPTH'; // a JSON body nests deeper than the parser reads (lib/formats/json-parse.ts)

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
  /** Warnings gathered before the mistake was found: a misspelt variable may be its very cause. */
  warnings: readonly string[] = [];
  constructor(message: string) {
    super('E_USAGE', message);
    this.name = 'UsageError';
  }
}

/** The exit code of an error that stops a run before it judges anything: 2 configuration, 4 unreachable, else 3. */
export function exitCodeOfError(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof HarnessError && error.code === 'E_UNREACHABLE') return EXIT.unreachable;
  return EXIT.incomplete;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

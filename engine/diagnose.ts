// Why a target answered nothing at all, in one line with the fix, from the exchanges that got no response: a
// port that is no HTTP server (it speaks first, or sends what is no status line), a server that accepts
// connections and never answers, one that closes them, one gone since the preflight. Reads the transcript and,
// for a parse error on plain http, what the port says on its own (lib/http/preflight.ts banner); sends nothing.
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { EXIT } from '../lib/errors.ts';
import { MALFORMED } from '../lib/http/malformed.ts';
import { banner } from '../lib/http/preflight.ts';
import type { Exchange } from '../lib/http/transcript.ts';

export interface Diagnosis {
  /** The one line, with the fix. */
  reason: string;
  /** 2 when the URL cannot name the API (not HTTP), 4 when the target is down or mute. */
  exitCode: number;
}

const TIMEOUT = /TIMEOUT|ABORT|E_TIMEOUT/i;
const CLOSED = /ECONNRESET|UND_ERR_SOCKET|EPIPE|UND_ERR_CLOSED/i;
/** undici's words for bytes that are no HTTP response (llhttp's HPE_ codes do not always reach the error). */
const NOT_HTTP = /does not match the HTTP\/1\.1 protocol|Expected HTTP\//i;

/** Our own caps on what arrived: the target did answer, past a limit of the harness's (exit 3, not 4). */
const OURS =
  /^(E_HEADERS_TOO_LARGE|E_RESPONSE_TOO_LARGE|UND_ERR_HEADERS_OVERFLOW|UND_ERR_RES_EXCEEDED_MAX_SIZE)$/;

/**
 * Whether the target answered nothing at all: requests went out, and none got a status line (a malformed one
 * the harness refused, a status 000 or an unsolicited 101, is an answer: HTTP-FRAMING judges it).
 */
export function answeredNothing(exchanges: readonly Exchange[]): boolean {
  return (
    exchanges.length > 0 &&
    exchanges.every(
      (e) => e.response === undefined && !OURS.test(e.error?.code ?? '') && e.error?.code !== MALFORMED,
    )
  );
}

export async function diagnose(
  baseUrl: string,
  exchanges: readonly Exchange[],
  timeoutMs: number,
): Promise<Diagnosis> {
  const failed = exchanges.filter((e) => e.error !== undefined);
  const codes = failed.map((e) => e.error!.code);
  const origin = new URL(baseUrl).origin;
  const n = `${failed.length} request${failed.length === 1 ? '' : 's'}`;
  const garbled = failed.find((e) => e.error!.code.startsWith('HPE_') || NOT_HTTP.test(e.error!.message));
  if (garbled) {
    const said = await banner(baseUrl, Math.min(timeoutMs, 2000));
    return {
      reason: `the target at ${origin} does not speak HTTP${said ? ` (on its own it says "${said}")` : ` (its answer is no HTTP status line: ${garbled.error!.message.slice(0, 120)})`}: check the host and port in ${envAndFlag('baseUrl')}`,
      exitCode: EXIT.usage,
    };
  }
  if (codes.length > 0 && codes.every((c) => TIMEOUT.test(c)))
    return {
      reason: `the target at ${origin} accepts connections but answered none of ${n} within ${timeoutMs} ms: check that ${envAndFlag('baseUrl')} names the API and that its server is up and not hung; a slow one needs a larger ${flagRef('timeoutMs')}`,
      exitCode: EXIT.unreachable,
    };
  if (codes.some((c) => CLOSED.test(c)) && new URL(baseUrl).protocol === 'http:')
    return {
      reason: `the target at ${origin} closed the connection without an answer to ${n} (${codes[0]}): if it serves https, use ${baseUrl.replace(/^http:/, 'https:')} in ${envAndFlag('baseUrl')}; else check the server`,
      exitCode: EXIT.unreachable,
    };
  if (codes.includes('ECONNREFUSED'))
    return {
      reason: `the target at ${origin} stopped accepting connections after the preflight (ECONNREFUSED): check that its server is running`,
      exitCode: EXIT.unreachable,
    };
  return {
    reason: `the target at ${origin} answered none of ${n}${codes[0] ? ` (${codes[0]}: ${failed[0]!.error!.message.slice(0, 160)})` : ''}: check ${envAndFlag('baseUrl')} and the server`,
    exitCode: EXIT.unreachable,
  };
}

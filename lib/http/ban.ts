// Tells a temporary key ban (spec §8 rule 5) from an ordinary 429: an Error code or message that names a
// ban, or a Retry-After far beyond the window the target had announced. Pure reading; never waits or sends.
import { type HeaderMap, retryAfter } from '../formats/rate-limit-headers.ts';
import { waitText } from './pacer.ts';
import type { Bucket } from './transcript.ts';

/** A ban the target announced: a harness event, recorded at the top of the report. */
export interface BanEvent {
  bucket: Bucket;
  /** When the 429 arrived (ISO 8601). */
  at: string;
  /** How long the target says the ban lasts, in seconds, when it said (Retry-After). */
  seconds: number | null;
  /** The request that met it: method and redacted URL. */
  request: string;
  /** What gave it away, e.g. 'Error code "KEY_BANNED"' or 'Retry-After 600 s, the window ended in 12 s'. */
  evidence: string;
}

/** A Retry-After this much longer than the announced window (plus its own length again) is no window wait. */
const FAR_BEYOND_MS = 60_000;
const BAN_WORDS = /\b(ban|banned|bans|blocked|blacklist(ed)?|suspended)\b/i;

/**
 * The ban a 429 announces, or undefined for an ordinary one. `windowEndsAtMs` is the local time at which the
 * window last announced to this bucket (X-RateLimit-Reset before this response) ends, when known.
 */
export function banOf(
  status: number,
  headers: HeaderMap,
  bodyText: string,
  receivedAtMs: number,
  windowEndsAtMs: number | undefined,
): Omit<BanEvent, 'bucket' | 'request'> | undefined {
  if (status !== 429) return undefined;
  const ra = retryAfter(headers, receivedAtMs);
  const delayMs = ra && ra.form !== 'invalid' ? ra.delayMs : undefined;
  const secs = delayMs === undefined ? null : Math.ceil(delayMs / 1000);
  const at = new Date(receivedAtMs).toISOString();
  const named = namedBan(bodyText);
  if (named) return { at, seconds: secs, evidence: named };
  if (delayMs !== undefined) {
    const windowMs = Math.max(0, (windowEndsAtMs ?? receivedAtMs) - receivedAtMs);
    if (delayMs > 2 * windowMs + FAR_BEYOND_MS)
      return {
        at,
        seconds: secs,
        evidence: `Retry-After ${waitText(delayMs)}, far beyond the window announced before it (which ended in ${Math.ceil(windowMs / 1000)} s)`,
      };
  }
  return undefined;
}

/** The Error code or message of a 429 body when it names a ban. */
function namedBan(bodyText: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && BAN_WORDS.test(code.replace(/[_-]/g, ' ')))
    return `Error code ${JSON.stringify(code)}`;
  if (typeof message === 'string' && BAN_WORDS.test(message))
    return `Error message ${JSON.stringify(message.slice(0, 200))}`;
  return undefined;
}

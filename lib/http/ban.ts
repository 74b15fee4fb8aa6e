// Tells a temporary key ban (spec §8 rule 5) from an ordinary 429: an Error code or message that names a
// ban, or a credential still refused once a long Retry-After it honoured has passed. A Retry-After far beyond
// the announced window alone is no ban (a limiter may write milliseconds): it is a long wait, honoured.
// Pure reading; never waits or sends.
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

/** The ban a 429 names in its Error code or message, or undefined for an ordinary one. */
export function banOf(
  status: number,
  headers: HeaderMap,
  bodyText: string,
  receivedAtMs: number,
): Omit<BanEvent, 'bucket' | 'request'> | undefined {
  if (status !== 429) return undefined;
  const named = namedBan(bodyText);
  if (!named) return undefined;
  return {
    at: new Date(receivedAtMs).toISOString(),
    seconds: secondsOf(headers, receivedAtMs),
    evidence: named,
  };
}

/** Retry-After in whole seconds when it says a finite delay, else null ("unbounded" or not said). */
function secondsOf(headers: HeaderMap, receivedAtMs: number): number | null {
  const ra = retryAfter(headers, receivedAtMs);
  const ms = ra && ra.form !== 'invalid' ? ra.delayMs : undefined;
  return ms !== undefined && Number.isFinite(ms) ? Math.ceil(ms / 1000) : null;
}

/** A Retry-After far beyond the window announced before it: how long, and the words for it. */
export interface LongWait {
  delayMs: number;
  text: string;
}

/**
 * The long wait a 429 asks for, when its Retry-After lies far beyond the window announced to the bucket
 * before it (`windowEndsAtMs`, local): more than twice the time left plus a minute, or unbounded.
 */
export function longWaitOf(
  headers: HeaderMap,
  receivedAtMs: number,
  windowEndsAtMs: number | undefined,
): LongWait | undefined {
  const ra = retryAfter(headers, receivedAtMs);
  if (!ra || ra.form === 'invalid') return undefined;
  const windowMs = Math.max(0, (windowEndsAtMs ?? receivedAtMs) - receivedAtMs);
  if (ra.delayMs <= 2 * windowMs + FAR_BEYOND_MS) return undefined;
  return {
    delayMs: ra.delayMs,
    text: `Retry-After ${waitText(ra.delayMs)}, far beyond the window announced before it (which ended in ${Math.ceil(windowMs / 1000)} s)`,
  };
}

/** The ban shown by a credential refused again once the long wait it honoured has passed. */
export function refusedAfter(wait: LongWait, receivedAtMs: number): Omit<BanEvent, 'bucket' | 'request'> {
  return {
    at: new Date(receivedAtMs).toISOString(),
    seconds: null,
    evidence: `still refused (429) once a ${wait.text} had passed`,
  };
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

// The requests of the walk that name another client address in the headers a client writes and a limiter
// may wrongly trust (X-Forwarded-For and its kin), each a documentation address of RFC 5737: which of the
// walk's requests carry them, with what, and whether an answer continued the key's count. Pure; never sends.
import { left, type Sample, type Walk } from './record.ts';

/**
 * The headers that carry a client's address through proxies, each read as the client's own by some limiter
 * or framework when told to trust it (express's trust proxy, Werkzeug's ProxyFix, nginx's realip, chi's
 * RealIP, the request-ip package, CDNs' own). A server behind a proxy reads them from its proxy's hop only.
 */
export const FORWARDING_HEADERS = [
  'X-Forwarded-For',
  'Forwarded',
  'X-Real-IP',
  'True-Client-IP',
  'CF-Connecting-IP',
  'Fastly-Client-IP',
  'X-Client-IP',
  'X-Cluster-Client-IP',
] as const;

/** The k-th documentation address (RFC 5737 TEST-NET-1, 192.0.2.0/24): never a real client. */
export const documentationAddress = (k: number): string => `192.0.2.${10 + (k % 240)}`;

/** The forwarding headers of a request that names `address` as the client. */
export function forwardingHeaders(address: string): Record<string, string> {
  return Object.fromEntries(
    FORWARDING_HEADERS.map((h) => [h, h === 'Forwarded' ? `for=${address}` : address]),
  );
}

/** The walk's requests (1-based) that name an address while the key's count is still falling. */
export const MID_WALK = new Set([3, 5]);

/**
 * The address the walk's next request names, or none: its 3rd and 5th requests (not the 2nd, which follows
 * the pause, when a refilling limiter has most to give back), and the first request after a Remaining of 0,
 * which must be refused with 429 whatever it names. None once the server refused such a request outright.
 */
export function addressFor(walk: Walk, prev: Sample): string | undefined {
  if (walk.headersRefused.length > 0) return undefined;
  const next = walk.sent + 1;
  // Once per answer of Remaining 0: after one that named an address, the next request names none.
  const atZero = left(prev) === 0 && !walk.spoofed.some((s) => s.n > prev.n);
  if (!MID_WALK.has(next) && !atZero) return undefined;
  return documentationAddress(walk.spoofed.length);
}

/**
 * Whether a served answer to a request naming another address did not continue the key's count: served when
 * the key had nothing left, with a count above nothing (a limit + 1 that counts with the key says 0 and is
 * RL-PROBE-LIMIT-ENFORCED's), or with a count well above the key's (a fresh one). Such an answer is kept out
 * of the walk's samples, whose windows and steps are the key's; whether it was a count of its own or the
 * next window is judged afterwards (judge-client-address.ts), by the answer after it.
 */
export function countedApart(prev: Sample, s: Sample): boolean {
  const before = left(prev);
  const now = left(s);
  if (before === undefined || now === undefined) return false;
  return before === 0 ? now > 0 : now > before + 1;
}

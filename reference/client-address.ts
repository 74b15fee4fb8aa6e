// Which client address a keyed request is counted under, when the limiter counts keys per client (variant
// limit-per-key-and-client) or takes the address from a header the client writes (fault
// ratelimit-trusts-forwarded-for). Must not count: rate-limiter.ts does.

import type { IncomingMessage } from 'node:http';
import type { FaultSet } from './faults/fault-set.ts';
import type { VariantSet } from './variants/variant-set.ts';

/** The one proxy variant limit-per-key-and-client trusts: a loopback address the run itself never uses. */
export const TRUSTED_PROXY = '127.0.0.2';

const forwardedFor = (req: IncomingMessage): string[] =>
  (req.headersDistinct['x-forwarded-for'] ?? [])
    .flatMap((line) => line.split(','))
    .map((a) => a.trim())
    .filter((a) => a !== '');

/** The socket's peer, with an IPv4-mapped IPv6 prefix taken off. */
const peerOf = (req: IncomingMessage): string =>
  (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');

/**
 * The client address a key is counted under, or undefined when the key alone is the subject (the default).
 * The fault trusts the leftmost X-Forwarded-For entry, whoever wrote it; the variant trusts only the entry its
 * proxy appended, and only on a connection from that proxy.
 */
export function keyedClient(
  faults: FaultSet,
  variants: VariantSet,
  req: IncomingMessage,
): string | undefined {
  if (faults.has('ratelimit-trusts-forwarded-for')) return forwardedFor(req)[0] ?? peerOf(req);
  if (!variants.has('limit-per-key-and-client')) return undefined;
  const peer = peerOf(req);
  return peer === TRUSTED_PROXY ? (forwardedFor(req).at(-1) ?? peer) : peer;
}

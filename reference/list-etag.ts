// Variant list-etag-weak: the list's weak ETag counts the orders it holds, so a cancel that keeps the order
// listed leaves it as it was, and If-None-Match that matches it (weak comparison) is answered 304. Bends list
// replies only.
import type { IncomingMessage } from 'node:http';
import type { Reply } from './reply.ts';
import type { Route } from './router.ts';
import type { OrderStore } from './store.ts';
import type { VariantSet } from './variants/variant-set.ts';

/** The opaque part of an entity tag (RFC 9110 §8.8.3.2, weak comparison). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

export function weakListTag(
  variants: VariantSet,
  store: OrderStore,
  req: IncomingMessage,
  route: Route,
  reply: Reply,
): Reply {
  if (!variants.has('list-etag-weak') || route.kind !== 'list' || reply.status !== 200) return reply;
  const tag = `W/"orders-${store.list().length}"`;
  const asked = req.headers['if-none-match'];
  if (
    asked !== undefined &&
    (asked.trim() === '*' || asked.split(',').some((t) => opaque(t) === opaque(tag)))
  )
    return { status: 304, headers: { ETag: tag } };
  return { ...reply, headers: { ...reply.headers, ETag: tag } };
}

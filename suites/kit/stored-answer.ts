// Which answers a cache gave from its store: what a client can know of them (RFC 9111). Pure; reads exchanges
// in the order sent, and remembers the answer for a transcript while it has not grown.
import { type Exchange, rawField } from '../../lib/http/transcript.ts';

/** The fields a stored copy repeats from the answer it copies, and an answer made for its request does not. */
const COPIED = ['x-ratelimit-remaining', 'x-ratelimit-reset', 'date', 'etag'] as const;

/** A field as received, its lines joined; read alone (a record made per answer was most of a long run's cost). */
const one = (x: Exchange, name: string): string | undefined => {
  const v = rawField(x.response!, name);
  return v === undefined ? undefined : Array.isArray(v) ? (v.length === 0 ? undefined : v.join(', ')) : v;
};

/**
 * The answers of `exchanges` a cache gave from its store. An answer with Age (RFC 9111 §5.1: its presence
 * "implies that the response was not generated or validated by the origin server for this request") shows the
 * resource, and the fields the origin sent, at some moment before the request, which the run cannot know, and
 * the origin's limiter did not count it. Only `Age: 0` is read with care: a front that passes every request to
 * the origin may add it to each answer (Varnish does), and setting all of those aside would leave the store and
 * the limiter unread. An `Age: 0` answer is stored when it repeats an earlier answer to the same request line
 * in X-RateLimit-Remaining, -Reset, Date and ETag (each it carries; one of Remaining or Date at least): a copy.
 */
export function storedAnswers(exchanges: readonly Exchange[]): ReadonlySet<Exchange> {
  const hit = memo.get(exchanges);
  if (hit && hit.length === exchanges.length) return hit.stored;
  const stored = new Set<Exchange>();
  // Most runs meet no cache: one look for Age, and no answer is remembered.
  if (exchanges.some((x) => x.response !== undefined && one(x, 'age') !== undefined)) {
    const seen = new Set<string>();
    for (const x of exchanges) {
      if (x.response === undefined) continue;
      const age = one(x, 'age');
      const sig = signature(x);
      if (age !== undefined && (age.trim() !== '0' || (copyable(x) && seen.has(sig)))) stored.add(x);
      seen.add(sig);
    }
  }
  memo.set(exchanges, { length: exchanges.length, stored });
  return stored;
}

/** An answer carrying a field a copy would repeat and a fresh answer would not (a count, or its time). */
const copyable = (x: Exchange): boolean =>
  one(x, 'x-ratelimit-remaining') !== undefined || one(x, 'date') !== undefined;

function signature(x: Exchange): string {
  return [x.request.method, x.request.url, x.response!.status, ...COPIED.map((n) => one(x, n) ?? '')].join(
    '\n',
  );
}

const memo = new WeakMap<readonly Exchange[], { length: number; stored: ReadonlySet<Exchange> }>();

// The requests of each key as the X-RateLimit-* headers of their answers show them, with what each asked for
// (its method, route, path and query), in the order they were sent: the limiter model's input (limiter-counts.ts).
// Pure: reads exchanges, never sends, never judges.
import {
  type ResetKind,
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
} from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { frontRefusal } from './front-refusal.ts';
import { ColumnRow, type RateLimitColumns, rateLimitColumns } from './rate-limit-columns.ts';

/** How a limiter might split one key's requests into counts: not at all, or by method, route, path or URL. */
export const PARTS = ['key', 'method', 'route', 'path', 'method and path', 'url'] as const;
export type Part = (typeof PARTS)[number];

export type Key = 'primary' | 'secondary';

export interface KeyRequest {
  x: Exchange;
  key: Key;
  /** Which count each partition puts it in. */
  parts: Record<Part, string>;
  /** Whether its answer says anything the count can be read from: a Remaining, on an answer that is no 429. */
  usable: boolean;
  status: number | undefined;
  limit: number | undefined;
  remaining: number | undefined;
  /** X-RateLimit-Reset as sent, and how it reads (Unix seconds, or the wrong unit another check reports). */
  reset: number | undefined;
  resetKind: ResetKind | undefined;
  /** The Reset moment on the local clock, read leniently whatever its unit. */
  resetAtMs: number | undefined;
  sentAtMs: number;
  receivedAtMs: number;
  /** Requests of the run before this one that another credential may have been charged for (see mayCount). */
  foreign: number;
  /** In flight while another request of the run was (a burst): no order between them, so no step is read. */
  concurrent: boolean;
}

/**
 * The route a request asked for: the operation's template (a HEAD is routed as its GET), or, for a request no
 * operation matches (another method on an operation's path, an unknown path), the method and path themselves,
 * as a router that matched nothing keys it.
 */
function routeOf(method: string, path: string): string {
  const m = method === 'HEAD' ? 'GET' : method;
  if (path === '/store/orders' && m === 'GET') return 'GET /store/orders';
  if (/^\/store\/orders\/[^/]+$/.test(path) && m === 'DELETE') return 'DELETE /store/orders/{orderId}';
  if (/^\/pets\/[^/]+$/.test(path) && m === 'GET') return 'GET /pets/{petId}';
  return `${method} ${path}`;
}

/**
 * Whether an exchange may have been charged to a key other than its own, or to a key at all when it carried
 * none: anything but a 401 (which the house counts in the client address's bucket). A 2xx to a request with
 * no valid key may have been charged to the key a faulty server let it in as; no answer at all may or may not
 * have been counted.
 */
const mayCount = (x: Exchange) => x.response?.status !== 401;

/**
 * A request the HTTP stack may answer before the application (invalid on purpose, or an over-long one a front
 * refused) whose answer carries X-RateLimit-Remaining went through the key's limiter: one of the key's own
 * requests. Answered without it, the stack answered, and no limiter counted it: it is nobody's.
 */
function invalidCounted(x: Exchange): boolean | undefined {
  if (x.invalidRequest === undefined && frontRefusal(x) === undefined) return undefined;
  return x.response !== undefined && rateLimitHeaders(x.response.headers).remaining?.value !== undefined;
}

/**
 * Every request of each key, in the order sent (a 401 is the address's, whatever was offered). `basePath` is
 * the base URL's path, taken off each request's path. `keep` false reads them without keeping them for the
 * next reader (one that needs a single fact of them, while a long recording's other readings are held).
 */
export function keyRequests(
  exchanges: readonly Exchange[],
  basePath: string,
  keep = true,
): readonly KeyRequest[] {
  // Several checks read the same transcript: read once while it has not grown (a recording never does).
  const hit = readOnce.get(exchanges);
  if (hit && hit.length === exchanges.length && hit.basePath === basePath) return hit.requests;
  const requests = readKeyRequests(exchanges, basePath, rateLimitColumns(exchanges));
  if (keep) readOnce.set(exchanges, { length: exchanges.length, basePath, requests });
  return requests;
}

const readOnce = new WeakMap<
  readonly Exchange[],
  { length: number; basePath: string; requests: readonly KeyRequest[] }
>();

function readKeyRequests(
  exchanges: readonly Exchange[],
  basePath: string,
  cols: RateLimitColumns,
): KeyRequest[] {
  const out: ReadRequest[] = [];
  const foreign = { primary: 0, secondary: 0 };
  const parts = new Parts(basePath);
  for (const x of exchanges) {
    const invalid = invalidCounted(x);
    if (invalid === false) continue;
    const key = x.bucket === 'anonymous' || !mayCount(x) ? undefined : x.bucket;
    if (key === undefined) {
      // Not one of a key's own requests, but it may have been charged to one: it breaks their sequence.
      if (mayCount(x)) {
        foreign.primary += 1;
        foreign.secondary += 1;
      }
      continue;
    }
    const other: Key = key === 'primary' ? 'secondary' : 'primary';
    foreign[other] += 1;
    out.push(new ReadRequest(cols, cols.indexOf(x), parts.of(x, key), foreign[key]));
  }
  // Sorted by when they were sent, a request overlaps another when one sent before it was answered after it
  // was sent, or it was answered after the next one was sent; or when the run sent it at one moment with
  // others (a race, a burst), which a server answering each within the clock's millisecond hides.
  const batches = new Map<number, number>();
  for (const x of exchanges)
    if (x.together !== undefined) batches.set(x.together, (batches.get(x.together) ?? 0) + 1);
  // The moments read once into numbers, and the order by them a list of positions (stable: the order sent
  // among equal moments), none made when they are in order already (a recording's are).
  const sent = new Float64Array(out.length);
  const received = new Float64Array(out.length);
  let inOrder = true;
  out.forEach((r, k) => {
    const x = r.x;
    sent[k] = startedMsOf(x);
    received[k] = sent[k]! + x.durationMs;
    if (k > 0 && sent[k]! < sent[k - 1]!) inOrder = false;
  });
  const order = inOrder ? undefined : [...out.keys()].sort((a, b) => sent[a]! - sent[b]! || a - b);
  let latest = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < out.length; j++) {
    const k = order ? order[j]! : j;
    const r = out[k]!;
    const next = j + 1 < out.length ? (order ? order[j + 1]! : j + 1) : undefined;
    const together = r.x.together !== undefined && (batches.get(r.x.together) ?? 0) > 1;
    if (together || latest > sent[k]! + 1 || (next !== undefined && received[k]! > sent[next]! + 1))
      r.concurrent = true;
    latest = Math.max(latest, received[k]!);
  }
  return out;
}

/**
 * The path and query as sent, not as a URL parser normalises them: `/./store/orders` and `/store//orders` are
 * other paths to a limiter that keys on the raw path, so they must stay other paths here.
 */
export function rawTarget(url: string): { pathname: string; search: string } {
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/#.*$/, '');
  const q = target.indexOf('?');
  return q < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, q), search: target.slice(q) };
}

/** Which count each partition puts a request of `key` in: `path` below the base URL's, `search` its query. */
export function partsOf(key: Key, method: string, path: string, search = ''): Record<Part, string> {
  return {
    key,
    method,
    route: routeOf(method, path),
    path,
    'method and path': `${method} ${path}`,
    url: `${path}${search}`,
  };
}

/**
 * Which count each partition puts a request in, read once per request record (a long recording's are shared,
 * intern.ts) and key, and once per method and URL below the base path: a long recording repeats the same few
 * requests, and the record of their parts is never changed.
 */
class Parts {
  readonly #byUrl = new Map<string, Record<Part, string>>();
  readonly #byRequest = {
    primary: new Map<object, Record<Part, string>>(),
    secondary: new Map<object, Record<Part, string>>(),
  };

  constructor(readonly basePath: string) {}

  of(x: Exchange, key: Key): Record<Part, string> {
    const byRequest = this.#byRequest[key];
    const had = byRequest.get(x.request);
    if (had !== undefined) return had;
    const { pathname, search } = rawTarget(x.request.url);
    const path = pathname.startsWith(this.basePath) ? pathname.slice(this.basePath.length) : pathname;
    const method = x.request.method;
    const partsKey = `${key} ${method} ${path}${search}`;
    let p = this.#byUrl.get(partsKey);
    if (p === undefined) {
      p = partsOf(key, method, path, search);
      if (this.#byUrl.size < 100_000) this.#byUrl.set(partsKey, p);
    }
    if (byRequest.size < 100_000) byRequest.set(x.request, p);
    return p;
  }
}

/**
 * One request of a key as read: its place in the run's rate-limit columns (rate-limit-columns.ts), which
 * partitions' counts it is in, and the requests of other credentials before it; everything else (its key,
 * status, what its answer carried, when it was sent and answered, how its Reset reads) read from the columns
 * and the exchange when asked. A long recording holds one per request of the run: every field kept was 4 bytes
 * a request, and every moment kept a number of its own on the heap (184 bytes a request in all, now some 30).
 */
class ReadRequest extends ColumnRow implements KeyRequest {
  /** `foreign` times two, plus one when concurrent: one small integer where two fields took 8 bytes each. */
  #foreignConcurrent: number;

  constructor(
    cols: RateLimitColumns,
    i: number,
    readonly parts: Record<Part, string>,
    foreign: number,
  ) {
    super(cols, i);
    this.#foreignConcurrent = foreign * 2;
  }

  /** X-RateLimit-Reset as sent. */
  get reset(): number | undefined {
    return this.cols.reset(this.i);
  }

  get foreign(): number {
    return Math.floor(this.#foreignConcurrent / 2);
  }

  get concurrent(): boolean {
    return this.#foreignConcurrent % 2 === 1;
  }

  set concurrent(yes: boolean) {
    this.#foreignConcurrent = this.foreign * 2 + (yes ? 1 : 0);
  }

  /** The Reset moment on the local clock, read leniently whatever its unit. */
  get resetAtMs(): number | undefined {
    const reset = this.reset;
    // A Reset in the wrong unit is another check's finding; it still tells one window from the next.
    return reset === undefined
      ? undefined
      : resetAtLocalMs(reset, this.receivedAtMs, this.cols.serverDateMs(this.i));
  }

  get key(): Key {
    return this.parts.key as Key;
  }

  get status(): number | undefined {
    return this.x.response?.status;
  }

  get usable(): boolean {
    const r = this.x.response;
    return r !== undefined && r.status !== 429 && this.remaining !== undefined;
  }

  get resetKind(): ResetKind | undefined {
    const reset = this.reset;
    return reset !== undefined ? resetKind(reset) : undefined;
  }

  get sentAtMs(): number {
    return startedMsOf(this.x);
  }

  get receivedAtMs(): number {
    const x = this.x;
    return startedMsOf(x) + x.durationMs;
  }
}

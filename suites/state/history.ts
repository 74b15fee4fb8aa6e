// The store's history as the run saw it: every plain list (with the ids it showed) and every cancel (what it
// named, how it was answered), in the order sent, with when each was on the wire. A pure function of the
// exchanges, the lists' ids and the fixtures, so a recorded transcript can be judged as a live run is.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { namedIds } from '../kit/id-readings.ts';
import type { Snapshot } from '../kit/store-lists.ts';
import { storedAnswers } from '../kit/stored-answer.ts';

/** The orders the user vouched for: pending ones the run may cancel, and shipped ones. */
export interface Fixtures {
  pending: readonly string[];
  shipped: readonly string[];
  /**
   * The pending ones shown pending before the run sent anything (minted for it, left pending by an earlier
   * run, a server started for it): only these may be evidence that a refusal changed an order. None when absent.
   */
  shownPending?: readonly string[];
  /**
   * Pending ones a list of this run showed with the status member "pending" (a field the spec does not show:
   * the server's own word for the state), by when the first such list's answer was in (local ms).
   */
  listedPendingAt?: ReadonlyMap<string, number>;
}

export interface Timed {
  exchange: Exchange;
  /** When the request left and when its answer was in (local ms). */
  startMs: number;
  endMs: number;
}

export interface ListSeen extends Timed {
  ids: Snapshot;
}

/**
 * What a cancel did, as its answer says: `done` (a 2xx other than 202: the order was cancelled), `refused`
 * (a 4xx: nothing may change), `unsure` (no answer, 202, a redirect or a 5xx: the order may or may not be).
 */
export type CancelOutcome = 'done' | 'refused' | 'unsure';

export interface CancelSent extends Timed {
  /** The orderId segment as sent. */
  segment: string;
  /**
   * The ids it may have reached: the id itself when the segment is a canonical int64, else every id a lenient
   * reading of the spelling names (suites/kit/id-readings.ts).
   */
  names: readonly string[];
  status?: number;
  outcome: CancelOutcome;
}

export interface History {
  lists: ListSeen[];
  cancels: CancelSent[];
  fixtures: Fixtures;
}

/**
 * 2^-11 ms (half a microsecond) per request, in the order sent: times are whole milliseconds, and a loopback
 * answers a request and the next one within one, where a list sent after a cancel would read as both before
 * and after it. A power of two, so the sum is exact, and above the float's grain at today's epoch (2^-12 ms
 * until 2039); far below the clock's, so requests sent close together that overlap still overlap.
 */
const SENT_ORDER_MS = 2 ** -11;

export function timing(x: Exchange): { startMs: number; endMs: number } {
  const startMs = startedMsOf(x) + x.seq * SENT_ORDER_MS;
  return { startMs, endMs: startMs + x.durationMs };
}

/**
 * A list or cancel of the history: its moments worked out of its exchange when read (as timing does), not
 * kept: a long recording's history holds one a list and a cancel, and each moment kept was a number of its
 * own on the heap (48 bytes a request).
 */
class Seen implements Timed {
  constructor(readonly exchange: Exchange) {}

  get startMs(): number {
    return startedMsOf(this.exchange) + this.exchange.seq * SENT_ORDER_MS;
  }

  get endMs(): number {
    return this.startMs + this.exchange.durationMs;
  }
}

class SeenList extends Seen implements ListSeen {
  constructor(
    exchange: Exchange,
    readonly ids: Snapshot,
  ) {
    super(exchange);
  }
}

class SentCancel extends Seen implements CancelSent {
  declare status?: number;

  constructor(
    exchange: Exchange,
    readonly segment: string,
    readonly names: readonly string[],
    readonly outcome: CancelOutcome,
  ) {
    super(exchange);
  }
}

/** The path of a recorded URL below its origin, without the query, and the query's presence. */
function pathOf(url: string): { path: string; query: boolean } {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const q = rest.search(/[?#]/);
  return q < 0 ? { path: rest, query: false } : { path: rest.slice(0, q), query: true };
}

export function outcomeOf(status: number | undefined): CancelOutcome {
  if (status === undefined) return 'unsure';
  if (status >= 200 && status <= 299) return status === 202 ? 'unsure' : 'done';
  return status >= 400 && status <= 499 ? 'refused' : 'unsure';
}

/** A segment as cancels share it: its one string, and the ids it names (frozen: every cancel of it shares them). */
interface Segment {
  segment: string;
  names: readonly string[];
}

/** A segment's ids: the id itself when canonical, else every id a lenient reading of the spelling names. */
function segmentOf(segment: string): Segment {
  const names = isCanonicalInt64(segment) ? [segment] : namedIds(segment).map(String);
  return { segment, names: Object.freeze(names) };
}

/**
 * A DELETE of /store/orders/{segment} (below any base path), or undefined. `segments`: those read so far,
 * shared by the cancels that send them again (a walk repeats a few ids: a string and an array each was
 * some 90 bytes a cancel of a long recording, and a lenient reading of each).
 */
export function cancelOf(x: Exchange, segments?: Map<string, Segment>): CancelSent | undefined {
  if (x.request.method !== 'DELETE') return undefined;
  const m = /\/store\/orders\/([^/]+)$/.exec(pathOf(x.request.url).path);
  if (!m) return undefined;
  let read = segments?.get(m[1]!);
  if (read === undefined) {
    read = segmentOf(m[1]!);
    segments?.set(read.segment, read);
  }
  const { segment, names } = read;
  const status = x.response?.status;
  const sent = new SentCancel(x, segment, names, outcomeOf(status));
  if (status !== undefined) sent.status = status;
  return sent;
}

/**
 * Whether the request was a plain list (GET .../store/orders, no query), below any base path but not spelled
 * another way: a doubled slash before it is a path-spelling probe's, which a server may rightly answer 404.
 */
export function isPlainListExchange(x: Exchange): boolean {
  if (x.request.method !== 'GET') return false;
  const { path, query } = pathOf(x.request.url);
  return !query && PLAIN_LIST.test(path);
}
const PLAIN_LIST = /(?:^|[^/])\/store\/orders$/;

/**
 * The history of `exchanges`: each plain list whose ids `snapshotOf` knows (a 2xx read whole as a JSON
 * array, or an object holding one) and that no cache answered from its store (a stored list shows the store
 * at a moment the run cannot know: stored-answer.ts), and each cancel, in the order sent.
 */
export function historyOf(
  exchanges: readonly Exchange[],
  snapshotOf: (x: Exchange) => Snapshot | undefined,
  fixtures: Fixtures,
): History {
  const lists: ListSeen[] = [];
  const cancels: CancelSent[] = [];
  const stored = storedAnswers(exchanges);
  const segments = new Map<string, Segment>();
  for (const x of exchanges) {
    const cancel = cancelOf(x, segments);
    if (cancel) {
      cancels.push(cancel);
      continue;
    }
    if (!isPlainListExchange(x) || stored.has(x)) continue;
    const ids = snapshotOf(x);
    if (!ids) continue;
    lists.push(new SeenList(x, ids));
  }
  return { lists, cancels, fixtures };
}

/** A cancel that surely cancelled `id`: answered 2xx (not 202), naming that order alone. */
export const cancelledBy = (c: CancelSent, id: string): boolean =>
  c.outcome === 'done' && c.names.length === 1 && c.names[0] === id;

/** A cancel that may have changed `id` without the run knowing how: unanswered, or a 2xx to a spelling of several. */
export const mayHaveChanged = (c: CancelSent, id: string): boolean =>
  c.names.includes(id) && (c.outcome === 'unsure' || (c.outcome === 'done' && c.names.length > 1));

/** The request, as a report names it: `#12 DELETE /store/orders/7 → 204`. */
export function named(t: Pick<Timed, 'exchange'>): string {
  const x = t.exchange;
  const { path } = pathOf(x.request.url);
  const short = path.replace(/^.*?(\/store\/orders)/, '$1');
  return `#${x.seq} ${x.request.method} ${short} → ${x.response?.status ?? 'no answer'}`;
}

/** Seconds between two moments, for messages: `0.3 s`. */
export const secondsBetween = (fromMs: number, toMs: number): string =>
  `${Math.max(0, (toMs - fromMs) / 1000).toFixed(1)} s`;

/** A finding against the store model. */
export interface StoreFinding {
  problem: string;
  /** The exchange that shows it (a list), then the others it rests on. */
  exchanges: ListSeen['exchange'][];
}

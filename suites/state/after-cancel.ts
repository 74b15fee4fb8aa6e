// What the run's lists must show of the orders its own cancels cancelled: each one way in every list read
// after its cancel (gone from all, or in all: the spec leaves open which, so the store's first answer sets it),
// allowing the lag a server declared (--consistency-seconds), and how long lists lagged. Pure: judges a History.

import { flagRef } from '../../lib/config/settings.ts';
import {
  type CancelSent,
  type History,
  type ListSeen,
  named,
  type StoreFinding,
  secondsBetween,
} from './history.ts';
import { countBelow, holdsAt, indexOf, showing } from './history-index.ts';

/** One list read after a cancel answered 2xx, and whether it showed the cancelled order. */
export interface AfterCancel {
  id: string;
  cancel: CancelSent;
  list: ListSeen;
  shown: boolean;
  /** From the cancel's answer to the list's request (ms). */
  afterMs: number;
  /** Within the lag the server declared (--consistency-seconds): not judged. */
  declaredLag: boolean;
}

/** How the (cancel, later list) pairs of afterCancels run: all of them, those judged, those judged showing. */
export interface PairCounts {
  all: number;
  judged: number;
  judgedShown: number;
  /** Orders with a judged pair. */
  orders: number;
}

/** The pairs afterCancels keeps, and the counts of all of them. */
export type AfterCancels = AfterCancel[] & { counts: PairCounts };

/** Pairs kept from the start of each order's run of lists (enough for evidence). */
const FIRST_KEPT = 4;

/**
 * Every (cancelled order, later list) pair: each order the run surely cancelled, from its first such cancel,
 * in each list that went out after the answer came (a list in flight meanwhile may show either), up to any
 * later request that did or may have changed it again. Orders no list showed before their cancel are left
 * out: there is nothing for a list to reflect. A recording holds thousands of lists after each cancel, so
 * only the pairs the judges name are kept (the first few of each order, its first and last listed, its first
 * gone, its first judged each way), with the counts of all.
 */
export function afterCancels(h: History, consistencyMs: number): AfterCancels {
  const ix = indexOf(h);
  const out: AfterCancel[] = [];
  const counts: PairCounts = { all: 0, judged: 0, judgedShown: 0, orders: 0 };
  const seen = new Set<string>();
  for (const c of h.cancels) {
    if (c.outcome !== 'done' || c.names.length !== 1) continue;
    const id = c.names[0]!;
    if (seen.has(id)) continue;
    seen.add(id);
    const { base, odd } = showing(ix, id);
    const shownAt = (j: number) => holdsAt(odd, j) !== base;
    // Listed before the cancel by some list that had ended by then.
    const ended = countBelow(ix.starts, c.startMs, true);
    let listedBefore = false;
    for (let j = base ? 0 : (odd[0] ?? ended); j < ended; j++) {
      const l = ix.byStart[j]!;
      if (l.endMs <= c.startMs && shownAt(j)) {
        listedBefore = true;
        break;
      }
      if (!base) j = (odd[countBelow(odd, j + 1)] ?? ended) - 1;
    }
    if (!listedBefore) continue;
    const again = ix.touchers.get(id)?.find((d) => d !== c && d.startMs > c.startMs);
    const until = again?.startMs ?? Number.POSITIVE_INFINITY;
    const from = countBelow(ix.starts, c.endMs);
    const to = countBelow(ix.starts, until);
    if (from >= to) continue;
    // Whole milliseconds, as the clock gave them (timing adds a fraction for the order sent).
    const afterOf = (j: number) => Math.round(ix.starts[j]! - c.endMs);
    let judgedFrom = from;
    for (let lo = from, hi = to; lo < hi; ) {
      const mid = (lo + hi) >>> 1;
      if (afterOf(mid) < consistencyMs) lo = judgedFrom = mid + 1;
      else hi = judgedFrom = mid;
    }
    const oddIn = (a: number, b: number) => countBelow(odd, b) - countBelow(odd, a);
    const shownIn = (a: number, b: number) => (base ? b - a - oddIn(a, b) : oddIn(a, b));
    counts.all += to - from;
    counts.judged += to - judgedFrom;
    counts.judgedShown += shownIn(judgedFrom, to);
    if (to > judgedFrom) counts.orders += 1;
    // The first position from `a` on that shows the order `way`, or undefined.
    const firstWay = (a: number, way: boolean): number | undefined => {
      if (way !== base) {
        const k = odd[countBelow(odd, a)];
        return k !== undefined && k < to ? k : undefined;
      }
      // Past the run of odd positions from `a`.
      let j = a;
      for (let k = countBelow(odd, a); k < odd.length && odd[k] === j; k++) j++;
      return j < to ? j : undefined;
    };
    const lastShown = (): number | undefined => {
      if (!base) {
        const k = odd[countBelow(odd, to) - 1];
        return k !== undefined && k >= from ? k : undefined;
      }
      let j = to - 1;
      for (let k = countBelow(odd, to) - 1; k >= 0 && odd[k] === j; k--) j--;
      return j >= from ? j : undefined;
    };
    const kept = new Set<number>();
    for (let j = from; j < Math.min(to, from + FIRST_KEPT); j++) kept.add(j);
    for (let j = judgedFrom; j < Math.min(to, judgedFrom + FIRST_KEPT); j++) kept.add(j);
    for (const j of [
      firstWay(from, true),
      firstWay(from, false),
      firstWay(judgedFrom, true),
      firstWay(judgedFrom, false),
      lastShown(),
    ])
      if (j !== undefined) kept.add(j);
    for (const j of [...kept].sort((a, b) => a - b)) {
      const afterMs = afterOf(j);
      out.push({
        id,
        cancel: c,
        list: ix.byStart[j]!,
        shown: shownAt(j),
        afterMs,
        declaredLag: afterMs < consistencyMs,
      });
    }
  }
  return Object.assign(out, { counts });
}

const way = (shown: boolean) => (shown ? 'listed' : 'gone from the list');

const pairText = (p: AfterCancel) =>
  `order ${p.id} ${way(p.shown)} ${secondsBetween(0, p.afterMs)} after its cancel (${named(p.list)}; cancel ${named(p.cancel)})`;

/**
 * The pairs that contradict the store's own first answer (the earliest judged pair): one finding per order,
 * naming the pair that set the way and the first pair of the order that went the other way.
 */
export function contradictions(pairs: readonly AfterCancel[]): StoreFinding[] {
  const judged = pairs.filter((p) => !p.declaredLag);
  const first = [...judged].sort((a, b) => a.list.startMs - b.list.startMs)[0];
  if (!first) return [];
  const findings: StoreFinding[] = [];
  const reported = new Set<string>();
  for (const p of judged) {
    if (p.shown === first.shown || reported.has(p.id)) continue;
    reported.add(p.id);
    // The order's own earlier pair, when it had one the other way: the order itself changed in the lists.
    const own = judged.find((q) => q.id === p.id && q.shown !== p.shown);
    const [a, b] = (own ? [own, p].sort((x, y) => x.list.startMs - y.list.startMs) : [first, p]) as [
      AfterCancel,
      AfterCancel,
    ];
    const why =
      own && a.shown
        ? `a list showed the store as it was before the cancel (a cache or a copy that lags; a service that is eventually consistent by design declares it with ${flagRef('consistencySeconds')})`
        : own
          ? 'the cancelled order came back into the list, though no request of the run restored it'
          : 'one store does not both keep and drop cancelled orders: one of these lists did not show the store';
    findings.push({
      problem: `${pairText(a)}, but ${pairText(b)}: ${why}`,
      exchanges: [b.list.exchange, a.list.exchange, b.cancel.exchange, a.cancel.exchange],
    });
  }
  return findings;
}

/**
 * A cancelled order that lists show (beyond the declared lag) while a later cancel of it was answered 404: the
 * 404 says no order has the id, the list that an order does. One store cannot answer both: a list served from
 * a cache, or a cancel that removed the order while the lists kept it. One finding per order.
 */
export function listedThough404(h: History, pairs: readonly AfterCancel[]): StoreFinding[] {
  const findings: StoreFinding[] = [];
  const reported = new Set<string>();
  for (const p of pairs) {
    if (p.declaredLag || !p.shown || reported.has(p.id)) continue;
    const absent = h.cancels.find(
      // The id itself, as the list writes it: a spelling of it (007, 7.0) answered 404 may mean "no such id".
      (c) => c.status === 404 && c.segment === p.id && c.startMs >= p.cancel.endMs,
    );
    if (!absent) continue;
    reported.add(p.id);
    findings.push({
      problem: `${pairText(p)}, but ${named(absent)} said no order has it: a list that shows an order the store does not hold (a cache that outlives the cancel), or a cancel that removed it while the lists kept it`,
      exchanges: [p.list.exchange, absent.exchange, p.cancel.exchange],
    });
  }
  return findings;
}

/** How long lists went on showing each cancelled order (the store's lag), from the pairs. */
export interface Lag {
  id: string;
  /** The latest list after the cancel that still showed it, and the earliest that did not (ms after). */
  lastShownMs?: number;
  firstGoneMs?: number;
}

export function lags(pairs: readonly AfterCancel[]): Lag[] {
  const byId = new Map<string, Lag>();
  for (const p of pairs) {
    const lag = byId.get(p.id) ?? { id: p.id };
    if (p.shown) lag.lastShownMs = Math.max(lag.lastShownMs ?? 0, p.afterMs);
    else lag.firstGoneMs = Math.min(lag.firstGoneMs ?? Number.POSITIVE_INFINITY, p.afterMs);
    byId.set(p.id, lag);
  }
  return [...byId.values()];
}

// What the run's lists must show given the run's own cancels: a cancelled order one way in every list read
// after its cancel (gone from all, or in all: the spec leaves open which, so the store's first answer sets
// it), allowing the lag a server declared (--consistency-seconds); and no order vanishing or coming back
// that no request of the run explains. Pure: judges a History, sends nothing.
import { lacking } from '../kit/store-lists.ts';
import {
  type CancelSent,
  cancelledBy,
  type History,
  type ListSeen,
  mayHaveChanged,
  named,
  secondsBetween,
  touchedBefore,
} from './history.ts';

export interface StoreFinding {
  problem: string;
  /** The exchange that shows it (a list), then the others it rests on. */
  exchanges: ListSeen['exchange'][];
}

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

/** Lists ordered as they went on the wire. */
const byStart = (lists: readonly ListSeen[]) =>
  [...lists].sort((a, b) => a.startMs - b.startMs || a.exchange.seq - b.exchange.seq);

/**
 * Every (cancelled order, later list) pair: each order the run surely cancelled, from its first such cancel,
 * in each list that went out after the answer came (a list in flight meanwhile may show either), up to any
 * later request that did or may have changed it again. Orders no list showed before their cancel are left
 * out: there is nothing for a list to reflect.
 */
export function afterCancels(h: History, consistencyMs: number): AfterCancel[] {
  const out: AfterCancel[] = [];
  const seen = new Set<string>();
  for (const c of h.cancels) {
    if (c.outcome !== 'done' || c.names.length !== 1) continue;
    const id = c.names[0]!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!h.lists.some((l) => l.endMs <= c.startMs && l.ids.has(id))) continue;
    const again = h.cancels.find(
      (d) => d !== c && d.startMs > c.startMs && (cancelledBy(d, id) || mayHaveChanged(d, id)),
    );
    const until = again?.startMs ?? Number.POSITIVE_INFINITY;
    for (const list of byStart(h.lists)) {
      if (list.startMs < c.endMs || list.startMs >= until) continue;
      // Whole milliseconds, as the clock gave them (timing adds a fraction for the order sent).
      const afterMs = Math.round(list.startMs - c.endMs);
      out.push({
        id,
        cancel: c,
        list,
        shown: list.ids.has(id),
        afterMs,
        declaredLag: afterMs < consistencyMs,
      });
    }
  }
  return out;
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
        ? 'a list showed the store as it was before the cancel (a cache or a copy that lags; a service that is eventually consistent by design declares it with --consistency-seconds)'
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

/** The cancels on the wire between two lists (what may explain a difference), as a report names them. */
function between(h: History, from: ListSeen, to: ListSeen): string {
  const sent = h.cancels.filter((c) => c.endMs > from.startMs && c.startMs < to.endMs);
  if (sent.length === 0) return 'no cancel was sent between them';
  const shown = sent.slice(0, 4).map(named).join(', ');
  return `the cancels between them: ${shown}${sent.length > 4 ? ` and ${sent.length - 4} more` : ''}`;
}

export interface Changes {
  findings: StoreFinding[];
  /** How many pairs of lists, one after the other, were compared. */
  compared: number;
  /** Orders that appeared for the first time after the first list (noted, not judged). */
  newIds: string[];
}

/**
 * Compares each list with the latest one answered before it went out. An order listed there and missing now,
 * or missing there but listed earlier and back now, must be explained by a cancel of the run that did or may
 * have changed it before the later list was served (those the run cancelled are afterCancels' to judge).
 * A new order no list showed before is only noted: placing orders is an operation the spec does not show.
 */
export function unexplainedChanges(h: History): Changes {
  const lists = byStart(h.lists);
  const findings: StoreFinding[] = [];
  const reported = new Set<string>();
  const newIds = new Set<string>();
  let compared = 0;
  lists.forEach((list, i) => {
    const earlier = lists.slice(0, i).filter((l) => l.endMs <= list.startMs);
    const prev = earlier.sort((a, b) => a.endMs - b.endMs).at(-1);
    if (!prev) return;
    compared += 1;
    const owned = (id: string) => touchedBefore(h, id, list.endMs);
    for (const id of lacking(prev.ids, list.ids)) {
      if (owned(id) || reported.has(id)) continue;
      reported.add(id);
      findings.push({
        problem: `order ${id} was listed by ${named(prev)} and not by ${named(list)}, and no request of the run cancelled it (${between(h, prev, list)})`,
        exchanges: [list.exchange, prev.exchange],
      });
    }
    for (const id of lacking(list.ids, prev.ids)) {
      if (owned(id)) continue;
      const before = earlier.find((l) => l.ids.has(id));
      if (!before) {
        newIds.add(id);
        continue;
      }
      if (reported.has(`+${id}`)) continue;
      reported.add(`+${id}`);
      findings.push({
        problem: `order ${id}, listed by ${named(before)} and missing from ${named(prev)}, is back in ${named(list)}: no request of the run explains either change (${between(h, before, list)})`,
        exchanges: [list.exchange, prev.exchange, before.exchange],
      });
    }
  });
  return { findings, compared, newIds: [...newIds] };
}

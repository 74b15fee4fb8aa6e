// Cancels of different orders at one moment each take effect: an order one of them cancelled (2xx), cancelled
// again once all were answered, is not answered 2xx, unless the server lets any repeat through (then that is
// CANCEL-REPEAT-NOT-2XX's finding). Judged on every such group with the key, the race's and a recording's. Pure.
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { cancelledBy } from './target-facts.ts';

export interface KeyCancel {
  x: Exchange;
  id: string;
}

/** An order cancelled at one moment with another, found pending again by a cancel once they were answered. */
export interface LostUpdate {
  id: string;
  /** Another order cancelled (2xx) in the same group. */
  other: string;
  group: readonly Exchange[];
  again: Exchange;
}

export interface LostUpdates {
  found: LostUpdate[];
  /** Groups of cancels of two or more orders at one moment, at least two of them served. */
  groups: number;
  /** A cancel sent again after a lone cancel (none beside it) that was served too: any repeat is let through. */
  repeatServed?: Exchange;
}

const end = (x: Exchange) => startedMsOf(x) + x.durationMs;
const served = (x: Exchange) => cancelledBy(x.response!.status);

/**
 * The cancels on the wire together: sent together by this suite, or each overlapping the group so far. Each
 * cancel is weighed against the group's latest end and its together-numbers, not against every member. Not
 * kept: an array per group (most of a recording's are one cancel) outweighs a sort made again.
 */
function groupsOf(cancels: readonly KeyCancel[]): KeyCancel[][] {
  const sorted = [...cancels].sort((a, b) => startedMsOf(a.x) - startedMsOf(b.x));
  const groups: KeyCancel[][] = [];
  let last: KeyCancel[] | undefined;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let together: Set<number> | undefined;
  for (const c of sorted) {
    const sentWith = c.x.together !== undefined && together?.has(c.x.together) === true;
    if (last && (sentWith || startedMsOf(c.x) < lastEnd)) {
      last.push(c);
      lastEnd = Math.max(lastEnd, end(c.x));
    } else {
      last = [c];
      groups.push(last);
      lastEnd = end(c.x);
      together = undefined;
    }
    if (c.x.together === undefined) continue;
    together ??= new Set();
    together.add(c.x.together);
  }
  return groups;
}

/** Each order's cancels in the array's order: where a cancel of it sent again is looked for. */
function byOrder(cancels: readonly KeyCancel[]): Map<string, KeyCancel[]> {
  const by = new Map<string, KeyCancel[]>();
  for (const c of cancels) {
    const mine = by.get(c.id);
    if (mine) mine.push(c);
    else by.set(c.id, [c]);
  }
  return by;
}

/** The cancels sent at one moment with a cancel of another order: STATE-CANCEL-RACE judges what follows them. */
export function besideOtherOrders(cancels: readonly KeyCancel[]): Set<Exchange> {
  const beside = new Set<Exchange>();
  for (const group of groupsOf(cancels))
    if (new Set(group.map((c) => c.id)).size > 1) for (const c of group) beside.add(c.x);
  return beside;
}

export function lostUpdates(cancels: readonly KeyCancel[]): LostUpdates {
  const out: LostUpdates = { found: [], groups: 0 };
  const ofOrder = byOrder(cancels);
  for (const group of groupsOf(cancels)) {
    const won = [...new Set(group.filter((c) => served(c.x)).map((c) => c.id))];
    const after = group.reduce((most, c) => Math.max(most, end(c.x)), Number.NEGATIVE_INFINITY);
    const again = (id: string) => ofOrder.get(id)?.find((c) => startedMsOf(c.x) >= after);
    if (won.length < 2) {
      // A lone cancel served, then sent again and served: the server lets repeats through.
      const lone = group.length === 1 && won.length === 1 ? again(won[0]!) : undefined;
      if (lone && served(lone.x)) out.repeatServed ??= lone.x;
      continue;
    }
    out.groups += 1;
    for (const id of won) {
      const next = again(id);
      if (next && served(next.x))
        out.found.push({
          id,
          other: won.find((o) => o !== id)!,
          group: group.map((c) => c.x),
          again: next.x,
        });
    }
  }
  return out;
}

/** What the cancels at one moment with `x` show: the other orders cancelled, and each order cancelled again. */
export interface Moment {
  /** The other orders whose cancels were on the wire with `x`, with the statuses they got. */
  others: Array<{ id: string; statuses: number[] }>;
  /** Each order of the moment served a cancel, and its first cancel sent once all were answered. */
  after: Array<{ id: string; again: Exchange }>;
}

/** The moment `x` was sent in: which orders were cancelled with it, and what a cancel of each sent after got. */
export function momentOf(cancels: readonly KeyCancel[], x: Exchange): Moment {
  const group = groupsOf(cancels).find((g) => g.some((c) => c.x === x)) ?? [];
  const own = group.find((c) => c.x === x)?.id;
  const others = new Map<string, number[]>();
  for (const c of group)
    if (c.id !== own) others.set(c.id, [...(others.get(c.id) ?? []), c.x.response!.status]);
  const last = Math.max(...group.map((c) => end(c.x)));
  const after: Moment['after'] = [];
  for (const id of new Set(group.filter((c) => served(c.x)).map((c) => c.id))) {
    const next = cancels.find((c) => c.id === id && startedMsOf(c.x) >= last);
    if (next) after.push({ id, again: next.x });
  }
  return { others: [...others].map(([id, statuses]) => ({ id, statuses })), after };
}

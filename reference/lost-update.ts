// Fault cancel-lost-update: each cancel saves the whole store from a copy read before a slow audit write, so a
// cancel of another order in flight meanwhile is undone (the last save wins); cancels of one order queue.
import { setTimeout as delay } from 'node:timers/promises';
import type { RouteContext } from './context.ts';
import { readOrderId } from './order-id-read.ts';
import { cancelOrder, RACE_WINDOW_MS } from './orders-route.ts';
import type { Reply } from './reply.ts';

/** How long a save that read its copy while another waited lets the other save first. */
const AFTER_THE_OTHER_MS = 50;

interface Writes {
  /** Per order, the end of the cancel of it in flight: the next cancel of that order waits for it. */
  byOrder: Map<bigint, Promise<void>>;
  /** The saves waiting on their audit write, each ended once a cancel of another order has read its copy. */
  waiting: Set<() => void>;
}

const WRITES = new WeakMap<object, Writes>();

export async function cancelLostUpdate(ctx: RouteContext, rawId: string): Promise<Reply> {
  const read = readOrderId(ctx, rawId);
  if (!read.ok) return cancelOrder(ctx, rawId, false)!;
  const writes = WRITES.get(ctx.store) ?? { byOrder: new Map(), waiting: new Set() };
  WRITES.set(ctx.store, writes);
  const before = writes.byOrder.get(read.id);
  let finish!: () => void;
  const mine = new Promise<void>((resolve) => (finish = resolve));
  writes.byOrder.set(read.id, mine);
  if (before) await before;
  try {
    if (ctx.store.check(read.id) !== 'cancelled') return cancelOrder(ctx, rawId, false)!;
    const copy = ctx.store.cancelledIds();
    const others = [...writes.waiting];
    writes.waiting.clear();
    for (const release of others) release();
    if (others.length > 0) await delay(AFTER_THE_OTHER_MS);
    else {
      const done = new AbortController();
      const release = () => done.abort();
      writes.waiting.add(release);
      await delay(RACE_WINDOW_MS, undefined, { signal: done.signal }).catch(() => undefined);
      writes.waiting.delete(release);
    }
    const reply = cancelOrder(ctx, rawId, false)!;
    ctx.store.saveFrom(copy, read.id);
    return reply;
  } finally {
    finish();
    if (writes.byOrder.get(read.id) === mine) writes.byOrder.delete(read.id);
  }
}

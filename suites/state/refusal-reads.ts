// What a refused fixture was before its refusal and whether a later read of it agrees: the reads that
// judge-refusals.ts weighs (a pending order cancelled, a shipped one 409 again). Pure; sends nothing.
import type { CancelSent, History } from './history.ts';

/** What the refused order was when the refusal came: what its next read must still find. */
export type Before = 'pending' | 'shipped' | 'absent' | 'other';

/** The largest id every reading of a JSON number keeps exact (2^53 - 1): past it a JS-number server rounds. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Whether a server was shown to address `id` exactly: an id within ±(2^53 - 1) every reading keeps exact, or
 * an earlier read of it with the key that agreed with what it is (`known`). Past 2^53 a server that reads ids
 * as JS numbers acts on another order (the one it rounds to): a next read that disagrees shows that, not that
 * a refusal changed anything.
 */
export function addressable(id: string, known: boolean): boolean {
  if (known) return true;
  try {
    const n = BigInt(id);
    return n <= SAFE && n >= -SAFE;
  } catch {
    return false;
  }
}

/** A cancel's answer that reads the order's state: cancelled (2xx), not found, or not cancellable. */
export const decisive = (c: CancelSent) => c.outcome === 'done' || c.status === 404 || c.status === 409;

/**
 * What a fixture is before the run changes it. A pending one the lists read before (if any) never showed
 * may not exist (LIST-HOLDS-FIXTURES says so): nothing is blamed on its refusals. A shipped one is judged
 * only after a read that agrees (a 409), which shows it exists.
 */
export function fixtureKind(h: History, id: string, before: CancelSent): Before {
  if (h.fixtures.shipped.includes(id)) return 'shipped';
  if (!h.fixtures.pending.includes(id)) return 'other';
  // One walk, no copy of the lists (a recording's are hundreds of thousands).
  let ended = false;
  for (const l of h.lists) {
    if (l.endMs > before.startMs) continue;
    if (l.ids.has(id)) return 'pending';
    ended = true;
  }
  return ended ? 'other' : 'pending';
}

/**
 * Whether pending fixture `id` was shown pending before refusal `r`: vouched for before the run sent anything,
 * or listed with the status "pending" by a list whose answer was in before `r` left. A store that keeps a
 * cancelled order listed shows nothing by listing it: only its status says it was still pending.
 */
export function shownPendingBefore(h: History, id: string, r: CancelSent | undefined): boolean {
  if (h.fixtures.shownPending?.includes(id)) return true;
  const at = h.fixtures.listedPendingAt?.get(id);
  return at !== undefined && r !== undefined && at <= r.startMs;
}

/** Whether two requests were on the wire at the same time. */
export const overlap = (a: CancelSent, b: CancelSent) => a.startMs < b.endMs && b.startMs < a.endMs;

/** Whether a read of the order's state agrees with what it must still be. */
export function agrees(kind: Before, c: CancelSent): boolean {
  return kind === 'pending' ? c.outcome === 'done' : c.status === 409;
}

export const expectedNext = (kind: Before) =>
  kind === 'pending' ? '2xx (still pending)' : '409 (still shipped)';

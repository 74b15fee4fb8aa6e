// The cancels a recording holds that say what they did to an order: with a key, on the operation's own path,
// a canonical id, and an answer that is neither 401 nor one that says nothing (429, a front's refusal).
// Read by the cancel, order-id and state areas' traffic judges. Pure; never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { carriesKey } from './offered.ts';
import { recorded, SAYS_NOTHING } from './traffic.ts';

export interface KeyCancelRow {
  x: Exchange;
  id: string;
  primary: boolean;
}

/**
 * Every cancel with a key on the operation's own path with a canonical id, answered (not 401 or 429), in the
 * transcript's order. Read once per transcript array while it has not grown (a dozen judges of an area ask,
 * and a recording's array never grows): the rows are shared, so no caller may change them.
 */
export function keyCancels(ctx: Ctx): readonly KeyCancelRow[] {
  const all = ctx.transcript.all();
  const hit = readOnce.get(all);
  if (hit && hit.length === all.length) return hit.rows;
  const rows: KeyCancelRow[] = [];
  for (const { x, route, offered } of recorded(ctx)) {
    if (route?.op !== 'cancel' || route.spelled || route.id === undefined) continue;
    const key = carriesKey(offered);
    const status = x.response!.status;
    if (!isCanonicalInt64(route.id) || key === undefined || status === 401 || SAYS_NOTHING(status)) continue;
    rows.push({ x, id: route.id, primary: key === 'primary' });
  }
  readOnce.set(all, { length: all.length, rows });
  return rows;
}

const readOnce = new WeakMap<readonly Exchange[], { length: number; rows: readonly KeyCancelRow[] }>();

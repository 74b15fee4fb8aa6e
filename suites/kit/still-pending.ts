// Whether the run has proven a pending fixture still pending: every DELETE that may have named it refused
// (4xx), and the last list read after the last of them shows it. What lets a fixture a check is done with go
// back to the pool (fixture-facts.ts). Reads the transcript only; never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { namedIds } from './id-readings.ts';
import type { Snapshot } from './store-lists.ts';

/** The orderId segment of a DELETE of /store/orders/{segment} (below any base path), or undefined. */
function cancelSegment(x: Exchange): string | undefined {
  if (x.request.method !== 'DELETE') return undefined;
  const path = x.request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  return /\/store\/orders\/([^/]+)$/.exec(path)?.[1];
}

/** Whether the segment may name order `id` (itself, or a lenient reading of a spelling of it). */
function mayName(segment: string, id: bigint): boolean {
  if (isCanonicalInt64(segment)) return BigInt(segment) === id;
  try {
    return namedIds(segment).includes(id);
  } catch {
    return false;
  }
}

const endOf = (x: Exchange): number => startedMsOf(x) + x.durationMs;

/**
 * The proof that fixture `id` is still pending, as a sentence (`list #40 shows it after 3 refused DELETEs`),
 * or undefined when its state is in doubt: a DELETE that may name it answered 2xx, 3xx or 5xx or not at all,
 * or no plain list was read whole after the last one (and past `lagMs`, a lag the server declared), or the
 * last such list does not show it. A list shows no status (spec §2): one that still shows the order, after
 * nothing but refusals, is what "pending, unchanged" can be seen as.
 */
export function pendingProof(
  exchanges: readonly Exchange[],
  snapshotOf: (x: Exchange) => Snapshot | undefined,
  id: string,
  lagMs = 0,
): string | undefined {
  const n = BigInt(id);
  let last: Exchange | undefined;
  let refused = 0;
  let list: Exchange | undefined;
  for (const x of exchanges) {
    const segment = cancelSegment(x);
    if (segment !== undefined && mayName(segment, n)) {
      const status = x.response?.status;
      if (status === undefined || status < 400 || status > 499) return undefined;
      last = x;
      refused++;
      list = undefined;
      continue;
    }
    if (snapshotOf(x) === undefined) continue;
    if (last !== undefined && startedMsOf(x) < endOf(last) + lagMs) continue;
    list = x;
  }
  if (list === undefined || !snapshotOf(list)!.has(id)) return undefined;
  return `list #${list.seq} shows it${refused > 0 ? ` after ${refused} refused DELETE${refused === 1 ? '' : 's'} that may name it (the last #${last!.seq}, answered ${last!.response!.status})` : ''}`;
}

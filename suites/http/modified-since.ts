// A 304 to If-Modified-Since after the run's own cancel changed the list: the server's own Date on that
// cancel's 2xx says when the list was modified, and a later list's bytes show that it was. Reads the
// transcript only; never sends.
import { parseHttpDate } from '../../lib/formats/http-date.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf, startedMsOf } from '../../lib/http/transcript.ts';
import { ORDERS } from '../kit/paths.ts';
import { plainList, type SameBody } from './list-exchanges.ts';

/** A DELETE of one order of the list, answered 2xx: a cancel that may have changed the list. */
function cancelled(x: Exchange, base: string): boolean {
  const status = x.response?.status ?? 0;
  return (
    x.request.method === 'DELETE' &&
    status >= 200 &&
    status < 300 &&
    new URL(x.request.url).pathname.startsWith(`${base}${ORDERS}/`)
  );
}

const dateOf = (x: Exchange): number | undefined => {
  const v = headerValue(rawOf(x.response!).headers, 'date');
  return v === undefined ? undefined : parseHttpDate(v);
};

/**
 * Why the 304 `x` to If-Modified-Since `since` came though the list was modified after that date, or nothing:
 * a cancel answered 2xx before `x` was sent, whose Date is at least a second after `since` (Date and
 * Last-Modified name whole seconds), between a plain list and a later one whose bytes differ.
 */
export function modifiedAfter(
  x: Exchange,
  xs: readonly Exchange[],
  base: string,
  since: number,
  same: SameBody,
): string | undefined {
  const lists = xs.filter((y) => plainList(y, base));
  for (const c of xs) {
    if (c.seq >= x.seq || !cancelled(c, base)) continue;
    if (startedMsOf(c) + c.durationMs > startedMsOf(x)) continue;
    const at = dateOf(c);
    if (at === undefined || at < since + 1000) continue;
    const before = lists.filter((y) => y.seq < c.seq).at(-1);
    const after = lists.find((y) => y.seq > c.seq);
    if (!before || !after || same(before, after) !== false) continue;
    return `a 304 to If-Modified-Since ${new Date(since).toUTCString()} after #${c.seq} (DELETE answered ${c.response!.status} at ${new Date(at).toUTCString()} by its Date) changed the list (list #${after.seq} differs from #${before.seq}): the list was modified since`;
  }
  return undefined;
}

// HTTP-CONDITIONAL-WEAK-INFO: a 304 to a weak ETag of the order list that an earlier list carried on other
// bytes (the list changed, its weak tag did not). Recorded, never failed: RFC 9110 §8.8.1 leaves it to the origin
// server. Reads the conditional requests HTTP-CONDITIONAL-304 sends (or a recording's); never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import { type Ctx, check } from '../kit/context.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import {
  basePath,
  conditionalList,
  etagOf,
  opaqueTag,
  plainList,
  type SameBody,
  sameBodyOf,
  sameRecorded,
  sent,
  strongTag,
} from './list-exchanges.ts';

/**
 * What a 304 to If-None-Match answered with the weak ETag the latest list before it carried (asked with the
 * same Accept), when an earlier list carried that tag on other bytes; undefined for any other answer.
 */
export function weak304(
  x: Exchange,
  xs: readonly Exchange[],
  base: string,
  same: SameBody = sameRecorded,
): string | undefined {
  const tags = sent(x, 'if-none-match');
  if (x.response?.status !== 304 || tags === undefined || tags.trim() === '*') return undefined;
  const accept = sent(x, 'accept');
  const lists = xs.filter((y) => y.seq < x.seq && plainList(y, base) && sent(y, 'accept') === accept);
  const before = lists.at(-1);
  const now = before && etagOf(before);
  // A strong tag is HTTP-CONDITIONAL-304's and HTTP-ETAG-STRONG's; a tag not matched, HTTP-CONDITIONAL-304's.
  if (!before || now === undefined || strongTag(now) !== undefined) return undefined;
  if (!tags.split(',').some((t) => opaqueTag(t) === opaqueTag(now))) return undefined;
  const earlier = lists.find((y) => {
    const tag = etagOf(y);
    return tag !== undefined && opaqueTag(tag) === opaqueTag(now) && same(y, before) === false;
  });
  return earlier
    ? `#${x.seq} If-None-Match ${tags.trim()} answered 304: the list's weak ETag ${now.trim()} stayed while its bytes changed (#${earlier.seq}, ${earlier.response!.bodyBytes} bytes; #${before.seq}, ${before.response!.bodyBytes} bytes)`
    : undefined;
}

export const conditionalWeakCheck = check({
  id: 'HTTP-CONDITIONAL-WEAK-INFO',
  spec: 'RFC 9110 §8.8.1, §13.1.2, §15.4.5; spec §4 listOrders',
  level: 'INFO',
  rules: ['4.list.200'],
  requirement:
    'Whether a weak ETag of the order list changes when the list does is the server’s choice: a 304 to a weak tag the list had carried on other bytes is recorded.',
  rationale:
    'RFC 9110 §8.8.1: "An origin server SHOULD change a weak entity tag whenever it considers prior representations to be unacceptable as a substitute for the current representation." What the server considers is not observable, and If-None-Match compares tags weakly (§13.1.2), so such a 304 breaks nothing a run can show; a client holding the list by that tag keeps a list from before the change (a cancelled order still shown as it was). A strong tag that stays while the list changes is HTTP-ETAG-STRONG’s and HTTP-CONDITIONAL-304’s finding.',
  title:
    'Reads the conditional GET /store/orders of the run (HTTP-CONDITIONAL-304 sends one with an ETag from before the run’s cancels) for a 304 to a weak ETag the list had carried on other bytes',
  needs: { requests: 0 },
  recorded: { shows: 'a GET /store/orders with If-None-Match, after plain lists that carried a weak ETag' },
  async judge(ctx: Ctx) {
    const base = basePath(ctx);
    const xs = ctx.transcript.all();
    const asked = xs.filter((x) => conditionalList(x, base) && sent(x, 'if-none-match') !== undefined);
    if (asked.length === 0)
      ctx.skip(
        'no GET of the list with If-None-Match in the run (HTTP-CONDITIONAL-304 sends one): nothing to record',
        NOT_OBSERVED,
      );
    const same = sameBodyOf(ctx);
    const found = asked.flatMap((x) => {
      const why = weak304(x, xs, base, same);
      return why ? [{ x, why }] : [];
    });
    ctx.evidence(...(found.length > 0 ? found.map((f) => f.x) : asked).slice(0, 3));
    ctx.observe(
      found.length > 0
        ? `a weak list ETag that stayed while the list changed was answered 304: ${found[0]!.why}${found.length > 1 ? ` (and ${found.length - 1} more)` : ''}`
        : `no 304 to a weak list ETag after the list changed (${asked.length} conditional requests of the list: ${[...new Set(asked.map((x) => x.response!.status))].join(', ')})`,
      asked.length,
      asked,
    );
  },
});

// HTTP-CONDITIONAL-304: a 304 only while the list is unchanged. It asks the run for conditional requests of
// the list with validators the list gave before the run's cancels changed it, then judges every conditional
// request of the list in the run, live or recorded, by the server's own later validators, bodies and Dates.
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { RESET_MARGIN_MS } from '../../lib/http/pacer.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { SHORT_WAIT_MS } from '../kit/key-window.ts';
import { ORDERS } from '../kit/paths.ts';
import { shares } from '../kit/sendings.ts';
import { judgeEach } from '../kit/whole-run.ts';
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
import { modifiedAfter } from './modified-since.ts';

/** Requests it sends: If-None-Match with an earlier ETag of the list (or a tag no server has), If-Modified-Since. */
export const CONDITIONAL_REQUESTS = 2;

/** The tag sent when the list gave none: no representation has it, so a 304 to it is never due. */
export const NO_SUCH_TAG = '"order-store-conformance-no-such-tag"';

/**
 * Why a 304 came though the condition held, or nothing: the latest plain list before it (asked with the same
 * Accept) named an ETag that none of the tags sent matches (or none at all), or a Last-Modified later than
 * the date sent; or the tag sent is the strong ETag it named, but an earlier list carried that tag on other
 * bytes, so the list changed since the tag was given (a strong tag that did not change with it).
 */
export function stale304(
  x: Exchange,
  xs: readonly Exchange[],
  base: string,
  same: SameBody = sameRecorded,
): string[] {
  if (x.response?.status !== 304) return [];
  const accept = sent(x, 'accept');
  const lists = xs.filter((y) => y.seq < x.seq && plainList(y, base) && sent(y, 'accept') === accept);
  const before = lists.at(-1);
  if (!before) return [];
  const headers = rawOf(before.response!).headers;
  const tags = sent(x, 'if-none-match');
  if (tags !== undefined) {
    if (tags.trim() === '*') return [];
    // No ETag on the list: no listed tag can match the representation's, so the condition held.
    const now = headerValue(headers, 'etag');
    const listed = tags.split(',');
    const matches = now !== undefined && listed.some((t) => opaqueTag(t) === opaqueTag(now));
    if (!matches) return ['a 304 to If-None-Match with none of the ETag the list had last carried'];
    // A weak tag may stay while the data changes (RFC 9110 §8.8.1); a strong one may not.
    const strong = strongTag(now);
    if (!strong || !listed.some((t) => t.trim() === strong)) return [];
    const changed = lists.some((y) => strongTag(etagOf(y)) === strong && same(y, before) === false);
    return changed
      ? [
          'a 304 to If-None-Match with a strong ETag the list had carried on other bytes than its latest (the list had changed since)',
        ]
      : [];
  }
  const since = Date.parse(sent(x, 'if-modified-since') ?? '');
  const modified = Date.parse(headerValue(headers, 'last-modified') ?? '');
  if (Number.isFinite(since) && Number.isFinite(modified) && modified > since)
    return ['a 304 to If-Modified-Since older than the Last-Modified the list had last carried'];
  // A Last-Modified that did not move with the list: the run's own cancel says when it changed.
  const after = Number.isFinite(since) ? modifiedAfter(x, xs, base, since, same) : undefined;
  return after ? [after] : [];
}

/**
 * The validators to send: the ETag of the earliest list whose bytes differ from the latest list's (given
 * before the list changed), else the first ETag; and the first Last-Modified.
 */
function validators(ctx: Ctx): { etag?: string; from?: Exchange; modified?: string } {
  const base = basePath(ctx);
  const lists = ctx.transcript.all().filter((x) => plainList(x, base));
  const latest = lists.at(-1);
  const same = sameBodyOf(ctx);
  const tagged = lists.filter((x) => etagOf(x) !== undefined);
  const older = latest ? tagged.find((x) => same(x, latest) === false) : undefined;
  const first = older ?? tagged[0];
  const etag = first ? etagOf(first) : undefined;
  const modified = lists
    .map((x) => headerValue(rawOf(x.response!).headers, 'last-modified'))
    .find((v) => v !== undefined);
  return { ...(etag ? { etag, from: first! } : {}), ...(modified ? { modified } : {}) };
}

async function sendConditionals(ctx: Ctx): Promise<void> {
  await ctx.target.list();
  const { etag, from, modified } = validators(ctx);
  const wanted = modified ? 2 : 1;
  // Into the room the key's window has left, or the next window's when the earlier checks spent this one and
  // it opens within SHORT_WAIT_MS (a short window: else where in it the check fell would decide whether it ran);
  // a default run never waits a Free minute out for it.
  const { remaining, resetAtMs } = ctx.http.pacer.snapshot('primary');
  if (
    remaining !== undefined &&
    remaining < wanted &&
    !(resetAtMs !== undefined && resetAtMs <= Date.now()) &&
    !(
      resetAtMs !== undefined &&
      resetAtMs - Date.now() <= SHORT_WAIT_MS &&
      (await ctx.http.pacer.waitUntil('primary', resetAtMs + RESET_MARGIN_MS, 'X-RateLimit-Reset'))
    )
  ) {
    ctx.note(`the key's window had ${remaining} requests left: no conditional request was sent`);
    return;
  }
  const get = (headers: Record<string, string>) => ctx.http.send({ method: 'GET', path: ORDERS, headers });
  // Which cancel the tag predates: a 304 to it after that cancel's 2xx says the list is as it was before.
  if (from) {
    const cancel = ctx.transcript
      .all()
      .find(
        (x) =>
          x.seq > from.seq &&
          x.request.method === 'DELETE' &&
          (x.response?.status ?? 0) >= 200 &&
          (x.response?.status ?? 0) < 300,
      );
    ctx.note(
      `If-None-Match ${etag}: the ETag of list #${from.seq}, ${cancel ? `given before #${cancel.seq} (a DELETE answered ${cancel.response!.status})` : 'and no cancel of the run was answered 2xx after it'}`,
    );
  }
  await get({ 'If-None-Match': etag ?? NO_SUCH_TAG });
  if (modified) await get({ 'If-Modified-Since': modified });
}

export const conditionalCheck = check({
  id: 'HTTP-CONDITIONAL-304',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'A conditional GET or HEAD of the order list is answered 304 only while the list is unchanged: never to an ETag other than the one the list last carried, nor to a strong ETag it carried on other bytes before, nor to a date older than its last Last-Modified, nor to a date a second or more before a cancel of the run that changed the list.',
  rationale:
    'Judged by the validators and bodies the server itself gave: the latest plain list before the 304 (with the same Accept) names the current ETag or Last-Modified (or none), so a condition sent with an older one was true; and a strong ETag that an earlier list carried on other bytes names a representation the list no longer is. The run sends the ETag of a list from before its cancels changed the list. If-Modified-Since is evaluated only by a SHOULD, but a 304 says it was evaluated false: after a cancel answered 2xx whose Date is a second or more after the date sent, between a list and a later one whose bytes differ, the list was modified since that date, whatever Last-Modified the server goes on giving (one that never moves).',
  basis: [RFC.inmEvaluate, RFC.inmCondition, RFC.imsEvaluate, RFC.notModified304],
  title:
    'Sends GET /store/orders with If-None-Match (an ETag the list gave before the run changed it, or a tag no server has) and with If-Modified-Since (its first Last-Modified, if any); judges every conditional request of the list in the run',
  needs: { requests: CONDITIONAL_REQUESTS, shared: shares('order list') },
  recorded: { shows: 'a conditional GET or HEAD of the order list (If-None-Match, If-Modified-Since)' },
  send: sendConditionals,
  async judge(ctx: Ctx) {
    const base = basePath(ctx);
    const xs = ctx.transcript.all();
    const same = sameBodyOf(ctx);
    judgeEach(
      ctx,
      xs.filter((x) => conditionalList(x, base)),
      (x) => stale304(x, xs, base, same),
      'no 304 while the list had changed',
      {
        noun: 'conditional requests of the list',
        none: "no conditional request of the list in the run (the key's window had no room for one)",
      },
    );
  },
});

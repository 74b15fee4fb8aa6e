// HTTP-CONDITIONAL-304: a 304 only while the list is unchanged. It asks the run for conditional requests of
// the list with the first validators the list gave (after the run's cancels may have changed it), then judges
// every conditional request of the list in the run, live or recorded, by the server's own later validators.
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { ORDERS } from '../kit/paths.ts';
import { shares } from '../kit/sendings.ts';
import { judgeEach } from '../kit/whole-run.ts';

/** Requests it sends: If-None-Match with the list's first ETag (or a tag no server has), If-Modified-Since. */
export const CONDITIONAL_REQUESTS = 2;

/** The tag sent when the list gave none: no representation has it, so a 304 to it is never due. */
export const NO_SUCH_TAG = '"order-store-conformance-no-such-tag"';

const CONDITIONS = ['if-none-match', 'if-modified-since'] as const;

/** A request header as sent (the first line of it), by its name in any case. */
function sent(x: Exchange, name: string): string | undefined {
  const hit = Object.entries(x.request.headers).find(([k]) => k.toLowerCase() === name);
  const v = hit?.[1];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether an exchange is a GET or HEAD of the order list itself (no query), answered. */
function ofList(x: Exchange, base: string): boolean {
  if ((x.request.method !== 'GET' && x.request.method !== 'HEAD') || !x.response) return false;
  const url = new URL(x.request.url);
  return url.search === '' && url.pathname === `${base}${ORDERS}`;
}

const plain = (x: Exchange, base: string) =>
  x.request.method === 'GET' &&
  x.response?.status === 200 &&
  ofList(x, base) &&
  CONDITIONS.every((c) => sent(x, c) === undefined);

const conditional = (x: Exchange, base: string) =>
  ofList(x, base) && CONDITIONS.some((c) => sent(x, c) !== undefined);

/** The opaque part of an entity tag (weak comparison, RFC 9110 §8.8.3.2): W/ dropped. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Why a 304 came though the condition held, or nothing: the latest plain list before it (asked with the same
 * Accept) named an ETag that none of the tags sent matches (or none at all), or a Last-Modified later than
 * the date sent.
 */
export function stale304(x: Exchange, xs: readonly Exchange[], base: string): string[] {
  if (x.response?.status !== 304) return [];
  const accept = sent(x, 'accept');
  const before = xs.filter((y) => y.seq < x.seq && plain(y, base) && sent(y, 'accept') === accept).at(-1);
  if (!before) return [];
  const headers = rawOf(before.response!).headers;
  const tags = sent(x, 'if-none-match');
  if (tags !== undefined) {
    if (tags.trim() === '*') return [];
    // No ETag on the list: no listed tag can match the representation's, so the condition held.
    const now = headerValue(headers, 'etag');
    const matches = now !== undefined && tags.split(',').some((t) => opaque(t) === opaque(now));
    return matches ? [] : ['a 304 to If-None-Match with none of the ETag the list had last carried'];
  }
  const since = Date.parse(sent(x, 'if-modified-since') ?? '');
  const modified = Date.parse(headerValue(headers, 'last-modified') ?? '');
  return Number.isFinite(since) && Number.isFinite(modified) && modified > since
    ? ['a 304 to If-Modified-Since older than the Last-Modified the list had last carried']
    : [];
}

/** The base URL's path, without its trailing slash. */
const basePath = (ctx: Ctx) => new URL(ctx.config.baseUrl).pathname.replace(/\/$/, '');

/** The first ETag and Last-Modified a plain list of the run carried. */
function firstValidators(xs: readonly Exchange[], base: string): { etag?: string; modified?: string } {
  const lists = xs.filter((x) => plain(x, base)).map((x) => rawOf(x.response!).headers);
  const etag = lists.map((h) => headerValue(h, 'etag')).find((v) => v !== undefined);
  const modified = lists.map((h) => headerValue(h, 'last-modified')).find((v) => v !== undefined);
  return { ...(etag ? { etag } : {}), ...(modified ? { modified } : {}) };
}

async function sendConditionals(ctx: Ctx): Promise<void> {
  await ctx.target.list();
  const { etag, modified } = firstValidators(ctx.transcript.all(), basePath(ctx));
  const wanted = modified ? 2 : 1;
  // Only into the room the key's window has left: these are no reason to wait a window out.
  const { remaining, resetAtMs } = ctx.http.pacer.snapshot('primary');
  if (
    remaining !== undefined &&
    remaining < wanted &&
    !(resetAtMs !== undefined && resetAtMs <= Date.now())
  ) {
    ctx.note(`the key's window had ${remaining} requests left: no conditional request was sent`);
    return;
  }
  const get = (headers: Record<string, string>) => ctx.http.send({ method: 'GET', path: ORDERS, headers });
  await get({ 'If-None-Match': etag ?? NO_SUCH_TAG });
  if (modified) await get({ 'If-Modified-Since': modified });
}

export const conditionalCheck = check({
  id: 'HTTP-CONDITIONAL-304',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'A conditional GET or HEAD of the order list is answered 304 only while the list is unchanged: never to an ETag other than the one the list last carried, nor to a date older than its last Last-Modified.',
  rationale:
    'Judged by the validators the server itself gave: the latest plain list before the 304 (with the same Accept) names the current ETag or Last-Modified (or none), so a condition sent with an older one was true. The run sends the first validators the list gave, after its cancels may have changed the list.',
  basis: [RFC.inmEvaluate, RFC.inmCondition, RFC.notModified304],
  title:
    'Sends GET /store/orders with If-None-Match (the first ETag the list gave, or a tag no server has) and with If-Modified-Since (its first Last-Modified, if any); judges every conditional request of the list in the run',
  needs: { requests: CONDITIONAL_REQUESTS, shared: shares('order list') },
  recorded: { shows: 'a conditional GET or HEAD of the order list (If-None-Match, If-Modified-Since)' },
  send: sendConditionals,
  async judge(ctx: Ctx) {
    const base = basePath(ctx);
    const xs = ctx.transcript.all();
    judgeEach(
      ctx,
      xs.filter((x) => conditional(x, base)),
      (x) => stale304(x, xs, base),
      'no 304 while the list had changed',
      {
        noun: 'conditional requests of the list',
        none: "no conditional request of the list in the run (the key's window had no room for one)",
      },
    );
  },
});

// spec §1 and §4 listOrders: the list is a JSON array of orders whatever media types the client accepts:
// asked with "Accept: */*" (curl's default) or any Accept admitting JSON, it is still JSON. One judge over every
// such list of the run or the recording; the run sends "*/*", with --exhaustive each kit/accept.ts one too.
import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { ResponseHead } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { count } from '../../lib/words.ts';
import { ACCEPTS_ADMITTING_JSON, admitsJson } from '../kit/accept.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { judgeable } from '../kit/list-body.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { headOf, jsonArray, keyLists } from './key-lists.ts';

const ANY = '*/*';

/** The Accept the run sends on its own lists (lib/http/wire.ts): such a list is no other Accept's. */
const DEFAULT_ACCEPT = 'application/json';

/**
 * A list asked with an Accept other than the run's own that admits application/json, unconditionally and
 * whole (a condition may be answered 304, a range 206): it owes the same JSON array.
 */
function otherAcceptAdmittingJson(x: Exchange): boolean {
  const h = x.request.headers;
  const a = headerValue(h, 'accept')?.trim();
  if (a === undefined || a === DEFAULT_ACCEPT || admitsJson(a) !== true) return false;
  return Object.keys(h).every((n) => !/^(if-|range$)/i.test(n));
}

/**
 * Whether a list asked with "Accept: *\/*" is the JSON array the plain list (`first`) is: its very bytes, or
 * the same status and a JSON array, read as it arrived or from the body kept whole; undefined when no whole
 * body is at hand to tell.
 */
function sameArray(ctx: Ctx, x: Exchange, first: ResponseHead): boolean | undefined {
  const bodies = ctx.memo.peek(LIST_BODIES);
  if (bodies?.sameBytes(x, first.exchange)) return true;
  if (x.response!.status !== first.status) return false;
  return jsonArray(ctx, x);
}

export const listAnyAccept = check({
  id: 'LIST-JSON-ANY-ACCEPT',
  spec: 'spec §1; spec §4 listOrders (200)',
  level: 'MUST',
  rules: ['1.json', '4.list.200'],
  requirement:
    'Asked with "Accept: */*", or any Accept that admits application/json, the list is the same JSON array of orders, not another representation (XML, HTML) nor a 406.',
  rationale:
    'The service exchanges JSON (spec §1) and the 200 is a JSON array of Order objects whatever the client accepts. Media types are case-insensitive and a range admits JSON at any weight above zero (RFC 9110 §8.3.1, §12.5.1): "application/*", "Application/JSON", "application/json;q=0.5, text/html" and "*/*;q=0.1" all admit it.',
  basis: [SPEC.json, SPEC.list200],
  title: `Sends GET /store/orders with "Accept: */*" (and with each Accept admitting JSON under ${flagRef('exhaustive')}) and compares it with the plain list`,
  needs: { requests: 1, exhaustive: 1 + ACCEPTS_ADMITTING_JSON.length, shared: shares('order list') },
  recorded: {
    shows:
      'a GET /store/orders with the key and "Accept: */*" (what browsers and curl send), or another Accept that admits JSON, beside the first list',
  },
  async send(ctx: Ctx) {
    // After the plain list, and only when it is an array to compare with (the judge says why not).
    const list = await ctx.target.list();
    if (list.count === undefined) return;
    const accepts = [ANY, ...(ctx.config.exhaustive ? ACCEPTS_ADMITTING_JSON.map((a) => a.accept) : [])];
    for (const accept of accepts) await ctx.http.send({ method: 'GET', path: ORDERS, headers: { accept } });
  },
  async judge(ctx: Ctx) {
    const list = await ctx.target.list();
    judgeable(ctx, list.response, list.lenient);
    if (list.count === undefined)
      ctx.skip(
        'the plain list is not a JSON array itself (see LIST-BODY-ARRAY): nothing to compare',
        OUTCOME,
      );
    const first = list.response;
    const star = keyLists(ctx, (q) => q === '').filter(
      ({ x }) => x.seq !== first.exchange.seq && otherAcceptAdmittingJson(x),
    );
    let judged = 0;
    for (const { x } of star) {
      const array = sameArray(ctx, x, first);
      if (array === undefined) {
        ctx.note(`#${x.seq}: its body was not kept whole, so it is not compared`);
        continue;
      }
      judged += 1;
      if (!array) {
        const got = describeStatus(headOf(x));
        const accept = headerValue(x.request.headers, 'accept')!.trim();
        ctx.problem(
          `asked with "Accept: ${accept}", the list answered ${got}, not the JSON array the plain list is`,
          {
            expected: `${first.status}, a JSON array`,
            actual: got,
            exchange: x,
          },
        );
      }
    }
    if (judged === 0)
      ctx.skip(
        'no list asked for with "Accept: */*" (or another Accept admitting JSON) was answered besides the one read as the list',
        NOT_OBSERVED,
      );
    ctx.observe(
      `"Accept: */*" (and any other Accept admitting JSON) gets the JSON array too (${count(judged, 'list')})`,
      judged,
    );
  },
});

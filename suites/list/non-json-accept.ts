// spec §4 listOrders with RFC 9110 §12.4.1: a list asked with an Accept that admits no JSON (text/html,
// application/xml) is still the JSON array of all orders, or a 406: never a 404, a 5xx or an HTML 200. One
// judge over every such list of the run or the recording; the run sends "text/html" (--exhaustive: more).
import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { count } from '../../lib/words.ts';
import { admitsJson } from '../kit/accept.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { judgeable } from '../kit/list-body.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { headOf, jsonArray, keyLists } from './key-lists.ts';

/** Accept fields that admit no JSON: the first goes out in every run, the others with --exhaustive. */
export const ACCEPTS_REFUSING_JSON: readonly string[] = [
  'text/html',
  'application/xml',
  'application/json;q=0, */*;q=0.1',
];

/** A list asked unconditionally and whole with an Accept that admits no application/json. */
function refusesJson(x: Exchange): boolean {
  const h = x.request.headers;
  const a = headerValue(h, 'accept')?.trim();
  if (a === undefined || admitsJson(a) !== false) return false;
  return Object.keys(h).every((n) => !/^(if-|range$)/i.test(n));
}

export const listNonJsonAccept = check({
  id: 'LIST-NON-JSON-ACCEPT',
  spec: 'spec §4 listOrders (200, parameters: none); RFC 9110 §12.4.1',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'Asked with an Accept that admits no JSON (text/html, application/xml), the list is still the JSON array of all orders (200) or a 406 Not Acceptable, nothing else (not a 404, a 5xx, nor an HTML 200).',
  rationale:
    'The list takes no header parameters and its 200 is the JSON array of all orders; RFC 9110 lets a server that has no acceptable representation either refuse with 406 or disregard the Accept field, and nothing else. A 406 is an error like any other: its body is judged by ERR-BODY-SCHEMA.',
  basis: [SPEC.list200, SPEC.listWhole, RFC.notAcceptableOrDisregard],
  title: `Sends GET /store/orders with "Accept: text/html" (and with each Accept refusing JSON under ${flagRef('exhaustive')})`,
  needs: { requests: 1, exhaustive: ACCEPTS_REFUSING_JSON.length, shared: shares('order list') },
  recorded: {
    shows: 'a GET /store/orders with the key and an Accept that admits no JSON (text/html, application/xml)',
  },
  async send(ctx: Ctx) {
    // Sent whatever the plain list's shape: a 404 or a 5xx to it is judged without one.
    await ctx.target.list();
    const accepts = ctx.config.exhaustive ? ACCEPTS_REFUSING_JSON : ACCEPTS_REFUSING_JSON.slice(0, 1);
    for (const accept of accepts) await ctx.http.send({ method: 'GET', path: ORDERS, headers: { accept } });
  },
  async judge(ctx: Ctx) {
    const list = await ctx.target.list();
    judgeable(ctx, list.response, list.lenient);
    // A plain list that is no JSON array leaves a 200 nothing to be compared with; any other status but 406
    // is still wrong.
    const plain = list.count !== undefined;
    let uncompared = 0;
    const asked = keyLists(ctx, (q) => q === '').filter(({ x }) => refusesJson(x));
    let judged = 0;
    let refused = 0;
    for (const { x } of asked) {
      const status = x.response!.status;
      const accept = headerValue(x.request.headers, 'accept')!.trim();
      if (status === 406) {
        judged += 1;
        refused += 1;
        continue;
      }
      if (status === 200 && !plain) {
        uncompared += 1;
        continue;
      }
      const array = status === 200 ? jsonArray(ctx, x) : false;
      if (array === undefined) {
        ctx.note(`#${x.seq}: its body was not kept whole, so it is not judged`);
        continue;
      }
      judged += 1;
      if (!array) {
        const got = describeStatus(headOf(x));
        ctx.problem(
          `asked with "Accept: ${accept}", the list answered ${got}, neither the JSON array of orders nor a 406`,
          { expected: '200 with the JSON array of orders, or 406', actual: got, exchange: x },
        );
      }
    }
    if (judged === 0 && !plain)
      ctx.skip(
        'the plain list is not a JSON array itself (see LIST-BODY-ARRAY): nothing to compare',
        OUTCOME,
      );
    if (judged === 0)
      ctx.skip('no list asked for with an Accept that admits no JSON was answered', NOT_OBSERVED);
    if (uncompared > 0)
      ctx.note(
        `${count(uncompared, 'list')} answered 200 not compared: the plain list is not a JSON array (see LIST-BODY-ARRAY)`,
      );
    if (refused > 0) ctx.note(`${count(refused, 'list')} refused with 406 (RFC 9110 §12.4.1 allows it)`);
    ctx.observe(
      `an Accept admitting no JSON gets the JSON array or a 406 (${count(judged, 'list')})`,
      judged,
    );
  },
});

// spec §4 List orders (GET /store/orders): status, media type, body shape, ids, and no narrowing.

import { ORDER_ITEM, RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { requireStatus } from '../kit/expect.ts';
import { itemsOf, judgeable } from '../kit/list-body.ts';
import { int64Problem } from '../kit/list-findings.ts';
import { header, isJsonMediaType } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { listAnyAccept } from './accept.ts';
import { FIRST_LIST } from './key-lists.ts';
import { knownOrdersListed } from './known-orders.ts';
import { listNoNarrowing } from './narrowing.ts';
import { listNonJsonAccept } from './non-json-accept.ts';

export const listOrders = suite({
  id: 'LIST',
  title: 'List orders',
  spec: 'spec §4 listOrders',
  checks: [
    check({
      id: 'LIST-STATUS-200',
      spec: 'spec §4 listOrders (200)',
      level: 'MUST',
      rules: ['4.list.200'],
      requirement: 'GET /store/orders with a valid key answers 200 with all orders in the store.',
      basis: [SPEC.list200, SPEC.listWhole],
      title: 'Sends GET /store/orders with the API key',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        const { response } = await ctx.target.list();
        requireStatus(ctx, response, 'GET /store/orders').toBe(200);
        ctx.observe(`200 with ${response.bytes} bytes`, 1);
      },
    }),
    check({
      id: 'LIST-CONTENT-TYPE-JSON',
      level: 'SHOULD',
      rules: ['1.json'],
      requirement:
        'The list response (200, or any other 2xx with a body) labels its JSON content with a JSON media type in Content-Type.',
      basis: [SPEC.json, RFC.contentType],
      title: 'Reads Content-Type of the GET /store/orders response',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        const { response } = await ctx.target.list();
        judgeable(ctx, response);
        const ct = header(response, 'content-type');
        ctx.require(
          isJsonMediaType(ct),
          `Content-Type is ${ct === undefined ? 'absent' : JSON.stringify(ct)}`,
          {
            expected: 'application/json',
            actual: ct ?? '(absent)',
            exchange: response.exchange,
          },
        );
        ctx.observe(`Content-Type: ${ct}`, 1);
      },
    }),
    check({
      id: 'LIST-BODY-ARRAY',
      spec: 'spec §4 listOrders (200)',
      level: 'MUST',
      rules: ['4.list.200'],
      requirement:
        'The list body (of the 200, or of any other 2xx the list answers with a body) is a JSON array of Order objects.',
      basis: [SPEC.list200],
      title: 'Parses the GET /store/orders body as JSON',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        const list = await ctx.target.list();
        const { response } = list;
        judgeable(ctx, response);
        const { json, kind, count, wrapped } = list;
        if (list.lenient !== undefined && count !== undefined)
          ctx.note(
            `past the mark it is a JSON array of ${count} items: the run's other checks read it so, to judge the rest`,
          );
        ctx.require(json.ok, `the body is not JSON: ${json.ok ? '' : json.error}`, {
          exchange: response.exchange,
        });
        const holds = wrapped ? ` (it holds an array of ${wrapped.count} objects at ${wrapped.at})` : '';
        ctx.require(count !== undefined, `the body is a JSON ${kind}, not an array${holds}`, {
          expected: 'array',
          actual: kind ?? 'array',
          exchange: response.exchange,
        });
        ctx.observe(`a JSON array of ${count} items`, 1);
      },
    }),
    check({
      id: 'LIST-ITEMS-ORDER',
      spec: 'spec §2 Order; spec §4 listOrders (200)',
      level: 'MUST',
      rules: ORDER_ITEM.rules,
      requirement:
        'Every item of the list is an Order: id and petId int64 integers, quantity an integer, shipDate an RFC 3339 date-time, complete a boolean.',
      basis: ORDER_ITEM.basis,
      title: 'Validates each list item against schemas/order.schema.json',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        // Validated item by item as the list was read (suites/kit/order-list.ts), once per run.
        const list = await ctx.target.list();
        const { schemaErrors, schemaIssues, schemaErrorCount, response } = list;
        const count = itemsOf(ctx, list);
        for (const [i, e] of schemaErrors.entries()) {
          const issue = schemaIssues[i];
          ctx.problem(`item ${e}`, { exchange: response.exchange, ...(issue ? { schema: [issue] } : {}) });
        }
        if (schemaErrorCount > schemaErrors.length)
          ctx.note(`${schemaErrorCount - schemaErrors.length} more schema errors not shown`);
        ctx.observe(`${count} items valid against Order`, count);
      },
    }),
    check({
      id: 'LIST-IDS-UNIQUE',
      spec: 'spec §2 Order (id: unique order identifier)',
      level: 'MUST',
      rules: ['2.order.id'],
      requirement:
        'No two orders in the list share an id (read exactly: ids above 2^53 are not rounded; an id that is not an integer is compared by its JSON value).',
      basis: [SPEC.orderId],
      title: 'Compares the exact ids of the list items',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        const list = await ctx.target.list();
        const { ids, response } = list;
        const count = itemsOf(ctx, list);
        // Ids that are not integers (LIST-IDS-INT64's finding) are identities all the same.
        const keys = ids.identities;
        const integers = ids.integers;
        const repeated = ids.repeated(10);
        ctx.require(repeated.count === 0, `duplicate ids: ${repeated.first.join(', ')}`, {
          exchange: response.exchange,
        });
        if (keys > integers)
          ctx.note(
            `${keys - integers} ids are not integers (see LIST-IDS-INT64), compared by their JSON value`,
          );
        if (keys < count)
          ctx.note(`${count - keys} items have no id to compare (absent, null, an object or an array)`);
        ctx.observe(`${keys} distinct ids${keys > integers ? ` (${integers} of them integers)` : ''}`, keys);
      },
    }),
    check({
      id: 'LIST-IDS-INT64',
      spec: 'spec §2 Order (id: integer, int64)',
      level: 'MUST',
      rules: ['2.order.id'],
      requirement: 'Every order id is a JSON integer within the int64 range.',
      basis: [SPEC.orderId],
      title: 'Reads each list item id exactly and bounds it to int64',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: FIRST_LIST },
      async judge(ctx: Ctx) {
        const list = await ctx.target.list();
        const { ids, response } = list;
        itemsOf(ctx, list);
        // An absent id is none of this check's business (no field of Order is required, spec §2 rule 1),
        // and a safe integer is always an int64 integer: only the other ids can be a problem.
        for (const [i, id] of ids.unusual()) {
          const problem = int64Problem(id);
          if (problem) ctx.problem(`item ${i}: ${problem}`, { exchange: response.exchange });
        }
        ctx.observe(`every id present is an int64 integer (${ids.present} ids)`, ids.present);
      },
    }),
    knownOrdersListed,
    listAnyAccept,
    listNonJsonAccept,
    listNoNarrowing,
  ],
});

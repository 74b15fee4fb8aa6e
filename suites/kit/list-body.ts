// Which list answer the list and id checks may judge: a 200, or any other 2xx with a body (a wrong status
// is LIST-STATUS-200's finding and must not hide what is wrong with the body), and where its items are.
// Reads the run's one reading of the list; never sends.

import { OUTCOME } from '../../lib/check/skip.ts';
import type { ResponseHead } from '../../lib/http/client.ts';
import type { Ctx } from './context.ts';
import { LIST_BODIES } from './list-bodies.ts';
import { BOM_READING, type OrderList } from './order-list.ts';

const is2xx = (status: number) => status >= 200 && status <= 299;

/**
 * Whether the list's body and headers can be judged: a 200, or another 2xx with a body (noted: a wrong
 * status, LIST-STATUS-200's finding, must not switch off what can still be judged); skips otherwise.
 */
export function judgeable(ctx: Ctx, response: ResponseHead, lenient?: string): void {
  if (lenient !== undefined) ctx.note(`the list body is ${lenient}`);
  if (response.status === 200) return;
  if (!is2xx(response.status))
    ctx.skip(`the list answered ${response.status}, not 200 (see LIST-STATUS-200)`, OUTCOME);
  if (response.bytes === 0)
    ctx.skip(`the list answered ${response.status} with no body (see LIST-STATUS-200)`, OUTCOME);
  ctx.note(
    `the list answered ${response.status}, not 200 (see LIST-STATUS-200); its body is judged all the same`,
  );
}

/**
 * How many items the checks of the items judge: the array's, or those of the one array of objects a
 * wrapped body holds (noted, so a wrapper never hides what is wrong with its items); skips otherwise.
 */
export function itemsOf(ctx: Ctx, list: OrderList): number {
  judgeable(ctx, list.response, list.lenient);
  if (list.count !== undefined) return list.count;
  if (list.wrapped) {
    ctx.note(
      `the body is not an array (see LIST-BODY-ARRAY); judged the ${list.wrapped.count} items of the array found at ${list.wrapped.at}`,
    );
    return list.wrapped.count;
  }
  return ctx.skip(
    'the list body is not a JSON array, nor an object holding one (see LIST-BODY-ARRAY)',
    OUTCOME,
  );
}

/**
 * Notes how many of the run's list bodies were read past a leading byte order mark (their one fault, which
 * LIST-BODY-ARRAY and EVERY-LIST-ITEMS-ORDER judge), for a check that judged what they show.
 */
export function noteLenientLists(ctx: Ctx): void {
  const n = ctx.memo.peek(LIST_BODIES)?.count((f) => f.arrayPastBom === true) ?? 0;
  if (n > 0) ctx.note(`${n} list bod${n === 1 ? 'y was' : 'ies were'} ${BOM_READING}`);
}

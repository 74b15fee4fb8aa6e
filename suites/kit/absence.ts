// When may the run send an id it was not given, as one no order has? The list alone cannot prove absence: a
// list that lies or pages hides real orders, and those sit near the listed ones. So, unless the list is
// trusted, an "absent" id (and every lenient reading of it) must lie far from every cluster of known ids
// (absence-guard.ts), and a list that shows signs of paging stops every absent-id request. Decides only.
import { flagAndEnv } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { ListBodies } from './list-bodies.ts';
import type { OrderList } from './order-list.ts';

/** Counts that look like a page rather than a whole store. */
export const PAGE_SIZES: readonly number[] = [
  10, 20, 25, 30, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000,
];

const PAGING_HEADERS = [
  'link',
  'content-range',
  'x-total-count',
  'x-total',
  'x-next-page',
  'x-next-cursor',
  'x-page',
  'x-per-page',
  'x-page-size',
  'x-pagination',
  'x-has-more',
  'x-continuation-token',
];

/**
 * What in a list response suggests it is a page of the store rather than all of it (spec §4 listOrders rule
 * 1): a status other than 200 (the spec's "all orders"; 206 is Partial Content), paging headers, members of a
 * wrapper beside its array (a `next`, a `total`), a count that is a common page size.
 */
export function pagingSigns(list: OrderList): string[] {
  const signs: string[] = [];
  const { status } = list.response;
  if (status !== 200)
    signs.push(`the status ${status}${status === 206 ? ' (Partial Content)' : ''}, not 200 (all orders)`);
  const count = list.count ?? list.wrapped?.count;
  for (const name of PAGING_HEADERS) {
    const v = headerValue(list.response.headers, name);
    if (v === undefined) continue;
    if ((name === 'x-total-count' || name === 'x-total') && v.trim() === String(count)) continue;
    if (name === 'link' && !/rel="?(next|last|prev)/i.test(v)) continue;
    signs.push(`a ${name} header (${v.slice(0, 60)})`);
  }
  const others = list.wrapped?.others ?? [];
  if (others.length > 0)
    signs.push(
      `members beside the orders in the wrapper (${others
        .slice(0, 5)
        .map((k) => JSON.stringify(k))
        .join(', ')}${others.length > 5 ? ', ...' : ''}), which may say where the page is`,
    );
  if (pageSized(list)) signs.push(`exactly ${count} orders, a common page size`);
  return signs;
}

/** Whether the list holds exactly a common page size of orders: a sign alone the run's evidence may lift. */
export function pageSized(list: OrderList): boolean {
  const count = list.count ?? list.wrapped?.count;
  return count !== undefined && PAGE_SIZES.includes(count);
}

/**
 * Why the run's own evidence does not show a page-sized list whole, or undefined when it does. The spec says
 * the list is whole (spec §4 listOrders rule 1, §8 rule 9); a count alone is no paging, so the list is taken
 * at its word once a list asked for with a query (LIST-NO-NARROWING's limit and offset) came back with the
 * very same bytes and every fixture given is among its ids. Absent ids still keep far from every known id.
 */
export function unprovenWhole(
  list: OrderList,
  bodies: ListBodies | undefined,
  fixtures: readonly string[],
): string | undefined {
  const plain = list.response.exchange;
  const queried = bodies?.bodies.find(
    ({ exchange: x }) =>
      x.seq !== plain.seq && new URL(x.request.url).search !== '' && bodies.sameBytes(x, plain),
  );
  if (!queried)
    return 'no list asked for with a query (LIST-NO-NARROWING’s limit and offset) came back the same, which would show it whole';
  const unlisted = fixtures.filter((id) => !list.ids.hasGenerously(id));
  if (unlisted.length > 0)
    return `not every fixture given is in it (missing: ${unlisted.slice(0, 3).join(', ')}${unlisted.length > 3 ? ', ...' : ''})`;
  return undefined;
}

export const TRUST_HINT = `if the list is known to hold every order, ${flagAndEnv('trustOrderList')} allows it`;

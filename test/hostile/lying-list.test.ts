// A list that lies (omits real orders) or pages cannot make the run cancel a real order: an id it was not
// given is sent as absent only far outside the known ids, and never after signs of paging.
import { parse, stringify } from 'lossless-json';
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const isKeyedList = (x: Exchange) =>
  x.req.method === 'GET' &&
  /\/store\/orders$/.test(x.req.target) &&
  x.req.headers.authorization === `Bearer ${KEY}`;

/** Keyed DELETEs of ids the store holds (whatever the answer): each could have cancelled a real order. */
function deletesOfRealOrders(run: Awaited<ReturnType<typeof runAgainst>>): string[] {
  const real = new Set(run.upstream.orders().map((o) => o.id));
  return run.server.requests
    .filter((r) => r.method === 'DELETE' && r.headers.authorization === `Bearer ${KEY}`)
    .map((r) => decodeURIComponent(r.target.replace(/^.*\/store\/orders\//, '')))
    .filter((segment) =>
      [...real].some(
        (id) => segment === id || (/^[+0]*\d+$/.test(segment) && BigInt(segment) === BigInt(id)),
      ),
    );
}

/** Orders 1, 2, 3 and 7 exist (pending) but the list leaves them out. */
async function lying(x: Exchange): Promise<void> {
  const a = await x.upstream();
  if (!isKeyedList(x) || a.status !== 200) return x.reply(a);
  const items = parse(a.body.toString()) as Array<{ id: unknown }>;
  const shown = items.filter((o) => !['1', '2', '3', '7'].includes(String(o.id)));
  x.reply({ ...a, body: Buffer.from(stringify(shown) ?? '[]') });
}

describe('a list that does not show every order', () => {
  it('hides small pending orders: none of them is ever sent a DELETE, and none is cancelled', async () => {
    const run = await runAgainst(
      lying,
      [],
      // Nothing handed over: no order may be cancelled at all.
      { ORDER_STORE_CANCELLABLE_ORDER_IDS: '', ORDER_STORE_SHIPPED_ORDER_IDS: '' },
    );
    expect(reportProblems(run)).toEqual([]);
    expect(deletesOfRealOrders(run)).toEqual([]);
    expect(run.upstream.orders().filter((o) => o.status === 'cancelled')).toEqual([]);
    // What could not be sent safely says so and names the opt-in.
    expect(said(run)).toMatch(/--trust-order-list/);
  });

  it('pages (Link rel="next"): no id at all is sent as absent', async () => {
    const run = await runAgainst(
      async (x) => {
        const a = await x.upstream();
        if (!isKeyedList(x) || a.status !== 200) return x.reply(a);
        x.reply({ ...a, headers: { ...a.headers, link: '</v1/store/orders?page=2>; rel="next"' } });
      },
      [],
      { ORDER_STORE_CANCELLABLE_ORDER_IDS: '', ORDER_STORE_SHIPPED_ORDER_IDS: '' },
    );
    expect(reportProblems(run)).toEqual([]);
    const keyedDeletes = run.server.requests.filter(
      (r) => r.method === 'DELETE' && r.headers.authorization === `Bearer ${KEY}`,
    );
    expect(keyedDeletes.map((r) => r.target)).toEqual([]);
    expect(checkOf(run, 'ID-ABSENT-404').message).toMatch(/may be a page.*link header.*--trust-order-list/);
  });

  it('with --trust-order-list the lying list is believed: the rule is what kept the real orders safe', async () => {
    const run = await runAgainst(lying, ['--trust-order-list'], {
      ORDER_STORE_CANCELLABLE_ORDER_IDS: '',
      ORDER_STORE_SHIPPED_ORDER_IDS: '',
    });
    // The opt-in sends the small edges again, and with them DELETEs of the orders the list hid.
    expect(run.server.requests.map((r) => r.target)).toContain('/v1/store/orders/0');
    expect(deletesOfRealOrders(run).length).toBeGreaterThan(0);
  });
});

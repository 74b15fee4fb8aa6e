// A list that lies (omits real orders) or pages cannot make the run cancel a real order: an id it was not
// given is sent as absent only far outside the known ids, and never after signs of paging (a 206 among them).
// A wrapped list's items stand for the list under the same rules.
import { parse, stringify } from 'lossless-json';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS } from '../../reference/seed.ts';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const isKeyedList = (x: Exchange) =>
  x.req.method === 'GET' &&
  /\/store\/orders$/.test(x.req.target) &&
  x.req.headers.authorization === `Bearer ${KEY}`;

/** A segment percent-decoded once; one with an invalid escape (the spelling run sends some) as it was sent. */
function decodedOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Keyed DELETEs of ids the store holds (whatever the answer): each could have cancelled a real order. */
function deletesOfRealOrders(run: Awaited<ReturnType<typeof runAgainst>>): string[] {
  const real = new Set(run.upstream.orders().map((o) => o.id));
  return run.server.requests
    .filter((r) => r.method === 'DELETE' && r.headers.authorization === `Bearer ${KEY}`)
    .map((r) => decodedOnce(r.target.replace(/^.*\/store\/orders\//, '')))
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

  /** Only orders 7 and 42 shown (1, 2, 3 and any beyond 2^53 hidden), as `shape` writes them. */
  const showing =
    (shape: (items: unknown[]) => { status?: number; body: unknown }) =>
    async (x: Exchange): Promise<void> => {
      const a = await x.upstream();
      if (!isKeyedList(x) || a.status !== 200) return x.reply(a);
      const items = (parse(a.body.toString()) as Array<{ id: unknown }>).filter((o) =>
        ['7', '42'].includes(String(o.id)),
      );
      const { status, body } = shape(items);
      x.reply({ ...a, status: status ?? a.status, body: Buffer.from(stringify(body) ?? '[]') });
    };
  const nothingHandedOver = { ORDER_STORE_CANCELLABLE_ORDER_IDS: '', ORDER_STORE_SHIPPED_ORDER_IDS: '' };
  const keyedDeletes = (run: Awaited<ReturnType<typeof runAgainst>>) =>
    run.server.requests.filter((r) => r.method === 'DELETE' && r.headers.authorization === `Bearer ${KEY}`);

  it('wrapped ({"orders": [...]}): its items stand for the list, so absent ids are sent, far from every shown id', async () => {
    // A store of small ids only: hidden orders sit next to the shown ones, as the rule assumes.
    const small = DEFAULT_ORDERS.filter((o) => BigInt(o.id) < 1000n);
    const run = await runAgainst(
      showing((items) => ({ body: { orders: items } })),
      [],
      nothingHandedOver,
      { orders: small },
    );
    expect(reportProblems(run)).toEqual([]);
    expect(checkOf(run, 'LIST-BODY-ARRAY').status).toBe('fail');
    expect(checkOf(run, 'CANCEL-UNKNOWN-404').status).toBe('pass');
    expect(checkOf(run, 'ID-ABSENT-404').status, checkOf(run, 'ID-ABSENT-404').message).toBe('pass');
    expect(keyedDeletes(run).length).toBeGreaterThan(0);
    expect(deletesOfRealOrders(run)).toEqual([]);
    expect(run.upstream.orders().filter((o) => o.status === 'cancelled')).toEqual([]);
  });

  it('wrapped beside a "next" member: the wrapper may describe a page, so no id is sent as absent', async () => {
    const run = await runAgainst(
      showing((items) => ({ body: { orders: items, next: '/v1/store/orders?page=2' } })),
      [],
      nothingHandedOver,
    );
    expect(reportProblems(run)).toEqual([]);
    expect(keyedDeletes(run).map((r) => r.target)).toEqual([]);
    expect(checkOf(run, 'ID-ABSENT-404').message).toMatch(
      /may be a page.*members beside the orders in the wrapper \("next"\).*--trust-order-list/,
    );
  });

  it('answered 206: the body is judged all the same, but no id is sent as absent (a partial list)', async () => {
    const run = await runAgainst(
      showing((items) => ({ status: 206, body: items })),
      [],
      nothingHandedOver,
    );
    expect(reportProblems(run)).toEqual([]);
    expect(checkOf(run, 'LIST-STATUS-200').status).toBe('fail');
    for (const id of ['LIST-BODY-ARRAY', 'LIST-ITEMS-ORDER', 'LIST-IDS-UNIQUE', 'LIST-CONTENT-TYPE-JSON']) {
      expect(checkOf(run, id).status, id).toBe('pass');
      expect(checkOf(run, id).details.join('\n'), id).toMatch(/answered 206, not 200/);
    }
    expect(keyedDeletes(run).map((r) => r.target)).toEqual([]);
    expect(checkOf(run, 'ID-ABSENT-404').message).toMatch(/may be a page.*status 206.*--trust-order-list/);
  });

  /** Pending orders 7 and 42 shown; hidden beside them, pending orders at 0, -1, 8, 43 and every edge of int64. */
  const EDGES = [
    0n,
    -1n,
    8n,
    43n,
    2n ** 31n - 1n,
    2n ** 31n,
    2n ** 32n,
    2n ** 53n - 1n,
    2n ** 53n,
    2n ** 53n + 1n,
  ];
  const edgeStore = [7n, 42n, ...EDGES, 2n ** 63n - 1n, -(2n ** 63n - 1n), -(2n ** 53n + 1n)].map(
    (id, i) => ({
      id,
      petId: BigInt(i + 1),
      quantity: 1,
      shipDate: '2026-11-22T10:00:00Z',
      complete: false,
      status: 'pending' as const,
    }),
  );
  const onlyShown =
    (shown: string[]) =>
    async (x: Exchange): Promise<void> => {
      const a = await x.upstream();
      if (!isKeyedList(x) || a.status !== 200) return x.reply(a);
      const items = (parse(a.body.toString()) as Array<{ id: unknown }>).filter((o) =>
        shown.includes(String(o.id)),
      );
      x.reply({ ...a, body: Buffer.from(stringify(items) ?? '[]') });
    };

  it.each([
    ['omits the orders at every edge of int64 and beside the shown ones', ['7', '42']],
    ['is empty while the store holds orders at every edge', []],
  ])(
    '%s: the absent-id checks still run, far from them, and no hidden order is sent a DELETE',
    async (_name, shown) => {
      const run = await runAgainst(onlyShown(shown), [], nothingHandedOver, { orders: edgeStore });
      expect(reportProblems(run)).toEqual([]);
      expect(deletesOfRealOrders(run)).toEqual([]);
      expect(run.upstream.orders().filter((o) => o.status === 'cancelled')).toEqual([]);
      for (const id of ['CANCEL-UNKNOWN-404', 'ID-ABSENT-404', 'ID-MALFORMED-4XX'])
        expect(checkOf(run, id).status, `${id}: ${checkOf(run, id).message}`).toBe('pass');
      expect(keyedDeletes(run).length).toBeGreaterThan(0);
      // The edges it could not send are named, with the setting that would allow them.
      expect(checkOf(run, 'ID-ABSENT-404').message).toMatch(/edges not sent.*--trust-order-list/);
    },
  );
});

// The proofs of the faults in the answers to a cancel (spec §4 cancelOrder, §3).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { FORGOTTEN_AFTER_MS } from '../../reference/orders-route.ts';
import { DEFAULT_ORDERS } from '../../reference/seed.ts';
import { cancelled, del } from '../support/probes.ts';
import { call, rawExchange } from '../support/reference-calls.ts';
import { type Caught, type FaultProofs, NO_PROBE, SHORT_WINDOW } from './proof.ts';

/** cancel-repeat-204: every repeat answered 204, one after the other too, so the race's two 204s are that finding's. */
const REPEAT_RACE: Caught = {
  fails: ['CANCEL-REPEAT-NOT-2XX', 'STATE-CANCEL-RACE'],
  says: {
    'STATE-CANCEL-RACE':
      /^2 of 2 cancels of order \d+ on the wire together succeeded \(204, 204\), as any cancel of an order already cancelled does on this server: order \d+'s repeat, sent after its cancel was answered, got 2xx too \(#\d+, 204; CANCEL-REPEAT-NOT-2XX's finding\), so they show no race$/,
  },
  args: NO_PROBE,
  exit: 1,
};

/** cancel-repeat-204 a window later: the order cancelled again, as at once; that finding's, not a forgotten cancel. */
const REPEAT_LATER: Caught = {
  fails: ['CANCEL-REPEAT-NOT-2XX', 'STATE-CANCEL-LATER-NOT-2XX'],
  says: {
    'STATE-CANCEL-LATER-NOT-2XX':
      /^(?![\s\S]*forgotten and)[\s\S]*repeated at once \(204\)[\s\S]*: the repeat sent at once was answered 2xx too \(#\d+, 204\): this server answers 2xx to any cancel of an order already cancelled, at once or later \(CANCEL-REPEAT-NOT-2XX's finding\)/,
  },
  ...SHORT_WINDOW,
  exit: 1,
};

export const CANCEL_FAULTS = {
  'cancel-200-instead-of-204': {
    masking: { removes: ['pending-204'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders/1', del);
      return [a.status, a.headers['content-type'], (a.json as { id?: bigint } | undefined)?.id];
    },
    faithful: [204, undefined, undefined],
    faulty: [200, 'application/json', 1n],
    caught: [{ fails: ['CANCEL-PENDING-204'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-204-with-body': {
    masking: { reads: ['pending-204'] },
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        `DELETE /v1/store/orders/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.demoKey}\r\nConnection: close\r\n\r\n`,
      );
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      return [
        head.split('\r\n')[0],
        /^content-type:/im.test(head),
        /^content-length:/im.test(head),
        body.startsWith('{'),
      ];
    },
    faithful: ['HTTP/1.1 204 No Content', false, false, false],
    faulty: ['HTTP/1.1 204 No Content', true, true, true],
    caught: [{ fails: ['CANCEL-204-NO-CONTENT'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-unknown-204': {
    masking: { bends: ['absent-answer'], removes: ['absent-404'] },
    probe: async (s) => (await call(s, '/store/orders/5', del)).status,
    faithful: 404,
    faulty: 204,
    caught: [
      // The run's first 2xx to an absent id ends every later DELETE of an id not given (the list is then not
      // the store: suites/kit/delete-gate.ts), so each other check that sends one catches it run alone.
      { fails: ['CANCEL-UNKNOWN-404'], args: NO_PROBE, exit: 1 },
      // A sequence's cancel of an absent id with the key is judged against the store model too.
      {
        fails: ['STATE-SEQUENCE'],
        args: [...NO_PROBE, '--only', 'STATE-SEQUENCE'],
        notFromTraffic: 'STATE-SEQUENCE judges the sequences it generates, never a recording',
        exit: 1,
      },
      { fails: ['ID-ABSENT-404'], args: [...NO_PROBE, '--only', 'ID-ABSENT-404'], exit: 1 },
    ],
  },
  'cancel-shipped-204': {
    masking: { removes: ['shipped-409'] },
    probe: async (s) => [(await call(s, '/store/orders/42', del)).status, cancelled(s)],
    faithful: [409, []],
    faulty: [204, ['42']],
    caught: [{ fails: ['CANCEL-SHIPPED-409'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-204-content-length-0': {
    masking: { reads: ['pending-204'] },
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        `DELETE /v1/store/orders/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.demoKey}\r\nConnection: close\r\n\r\n`,
      );
      return /^content-length: 0\r?$/im.test(raw.split('\r\n\r\n')[0] ?? '');
    },
    faithful: false,
    faulty: true,
    caught: [{ fails: ['CANCEL-204-NO-CONTENT'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-shipped-beyond-2-53': {
    probe: async (s) => [
      (await call(s, '/store/orders/42', del)).status,
      (await call(s, '/store/orders/9223372036854775807', del)).status,
    ],
    faithful: [409, 409],
    faulty: [409, 204],
    caught: [{ fails: ['CANCEL-SHIPPED-409'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-repeat-204': {
    probe: async (s) => {
      const id = s.fixtures.pending[0]!;
      return [
        (await call(s, `/store/orders/${id}`, del)).status,
        (await call(s, `/store/orders/${id}`, del)).status,
      ];
    },
    faithful: [204, 409],
    faulty: [204, 204],
    caught: [REPEAT_RACE, REPEAT_LATER],
  },
  'cancel-forgotten': {
    probe: async (s, clock) => {
      const path = `/store/orders/${s.fixtures.pending[0]!}`;
      const statuses = [(await call(s, path, del)).status, (await call(s, path, del)).status];
      clock.advance(FORGOTTEN_AFTER_MS + 1);
      statuses.push((await call(s, path, del)).status);
      return statuses;
    },
    faithful: [204, 409, 409],
    faulty: [204, 409, 204],
    // The repeat sent at once is refused; only the look a window later (4 s here) meets the order pending.
    caught: [
      {
        fails: ['STATE-CANCEL-LATER-NOT-2XX'],
        says: {
          'STATE-CANCEL-LATER-NOT-2XX':
            /refused at once \(409\)[\s\S]*: the cancellation was forgotten and the order taken for pending again: the repeat sent at once was refused \(#\d+, 409\)/,
        },
        ...SHORT_WINDOW,
        exit: 1,
      },
    ],
    onlyBy: ['STATE-CANCEL-LATER-NOT-2XX'],
  },
  'orderid-query-overrides-path': {
    // Its proof reads the 404 to a cancel whose path is an absent id (the query names the shipped order).
    masking: { reads: ['absent-404'] },
    // The query names the shipped order 42, the path an absent one: 409 is 42's answer, not the path's.
    probe: async (s) => (await call(s, '/store/orders/5?orderId=42', del)).status,
    faithful: 404,
    faulty: 409,
    caught: [
      {
        fails: ['HTTP-CANCEL-PATH-ID'],
        says: {
          'HTTP-CANCEL-PATH-ID':
            /answered 409, the answer for the shipped order \d+ the query names: the order was read from the query, not from the path/,
        },
        args: NO_PROBE,
        notFromTraffic:
          'HTTP-CANCEL-PATH-ID judges the cancels with a query it sends itself, never a recording',
        exit: 1,
      },
      // No shipped fixture given, one pending fixture more than the run takes: the spare's cancel, its query
      // naming an absent id, is answered 404 and the list after still shows the spare.
      {
        fails: ['HTTP-CANCEL-PATH-ID'],
        says: {
          'HTTP-CANCEL-PATH-ID':
            /answered 404 and list #\d+ after it still shows pending fixture \d+: the order looked up was the query's \d+ \(no order has it\), not the path's/,
        },
        args: NO_PROBE,
        env: { ORDER_STORE_SHIPPED_ORDER_IDS: '' },
        reference: { orders: [...DEFAULT_ORDERS, { ...DEFAULT_ORDERS[0]!, id: 8n, status: 'pending' }] },
        notFromTraffic:
          'HTTP-CANCEL-PATH-ID judges the cancels with a query it sends itself, never a recording',
        exit: 1,
      },
    ],
    onlyBy: ['HTTP-CANCEL-PATH-ID'],
  },
} satisfies FaultProofs<'cancel'>;

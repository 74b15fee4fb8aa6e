// The held fixture counted as spent by a refusal the lists show carried out (sendings.ts refusedThenGone), on
// hand-made histories: listed, refused (a 429), then gone from the latest list; never when it is still listed,
// when no list before the refusal showed it, or when the last cancel of it was not refused. Pure; no server.
import { describe, expect, it } from 'vitest';
import { orderHistory, type Step } from '../../test/support/order-history.ts';
import { refusedThenGone } from './sendings.ts';

const order = '{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","complete":false}';

const gone = (steps: Step[]) =>
  refusedThenGone(orderHistory(steps, 10, { pending: ['42'], shipped: [] }).history, '42');

describe('refusedThenGone', () => {
  it('names the refused cancel after which the latest list no longer shows the order', () => {
    const c = gone([{ list: order }, { cancel: 429 }, { list: '' }]);
    expect(c?.exchange.seq).toBe(2);
    expect(c?.status).toBe(429);
  });

  it('names nothing while the order is listed, unlisted before, or last cancelled for good', () => {
    expect(gone([{ list: order }, { cancel: 429 }, { list: order }])).toBeUndefined();
    expect(gone([{ list: '' }, { cancel: 429 }, { list: '' }])).toBeUndefined();
    expect(gone([{ list: order }, { cancel: 429 }, { cancel: 204 }, { list: '' }])).toBeUndefined();
    expect(gone([{ list: order }, { list: '' }])).toBeUndefined();
  });
});

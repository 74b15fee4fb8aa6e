// The evidence that sets a lenient reader aside: a refused trailing-text spelling of a pending fixture, and a
// shipped fixture's own 409 that a base-16 reader could not have given.
import { describe, expect, it } from 'vitest';
import type { Response } from '../../lib/http/client.ts';
import { KnownOrders } from '../kit/known-orders.ts';
import { base16Refuted, prefixRefused } from './reader-evidence.ts';
import type { SpellingAnswer } from './spelling-types.ts';

const response = (status: number, seq = 7) => ({ status, exchange: { seq } }) as unknown as Response;
const answer = (segment: string, status: number, over: Partial<SpellingAnswer> = {}): SpellingAnswer => ({
  kind: 'trailing-text',
  variant: 1,
  fixture: { id: '1004', level: 'MUST' },
  segment,
  response: response(status),
  ...over,
});

describe('prefixRefused', () => {
  it('takes a 4xx to a pending fixture with text after its digits', () => {
    expect(prefixRefused(answer('1004-', 400))).toBe('#7 DELETE /store/orders/1004- → 400');
    expect(prefixRefused(answer('1004abc', 404))).toBeDefined();
    expect(prefixRefused(answer('1004%2C1', 400))).toBeDefined();
  });

  it('takes nothing else: an acceptance, a refusal not of the id, a shipped fixture, other kinds', () => {
    for (const status of [204, 401, 403, 409, 429, 500])
      expect(prefixRefused(answer('1004-', status)), `${status}`).toBeUndefined();
    expect(
      prefixRefused(answer('1004-', 400, { fixture: { id: '1004', level: 'MUST', shipped: true } })),
    ).toBe(undefined);
    expect(prefixRefused(answer('1004-', 400, { kind: 'nul-byte' }))).toBeUndefined();
    // Digits after the id are another number, not text after it; whitespace alone is what a trim takes.
    expect(prefixRefused(answer('10045', 400))).toBeUndefined();
    expect(prefixRefused(answer('1004%20', 400))).toBeUndefined();
  });
});

describe('base16Refuted', () => {
  const known = new KnownOrders(['900', '1004'], ['1004'], ['900']);

  it('takes a 409 to a shipped id whose base-16 reading names no order', () => {
    expect(base16Refuted(known, '900', response(409, 3))).toBe(
      '#3 DELETE /store/orders/900 → 409 (read as 2304, it names no order)',
    );
    expect(base16Refuted(known, '900', response(404))).toBeUndefined();
  });

  it('takes nothing when a base-16 reader would have named a known order too', () => {
    const twin = new KnownOrders(['900', '2304'], [], ['900', '2304']);
    expect(base16Refuted(twin, '900', response(409))).toBeUndefined();
  });
});

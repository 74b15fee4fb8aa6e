// The reasons the state checks give for judging nothing name what the run saw: a 429 that was a 429, lists
// that never showed the cancelled order, a 401 followed by a cancel that was not 2xx. Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { orderHistory } from '../../test/support/order-history.ts';
import { type Answered, noListAfterCancelWhy, overLimitWhy, refused401Why } from './unjudged.ts';

/** An answered request of the run, numbered `seq`. */
function answered(seq: number, method: string, path: string, status: number): Answered {
  const exchange = {
    seq,
    bucket: 'primary',
    startedAt: new Date(seq * 1000).toISOString(),
    durationMs: 5,
    request: { method, url: `http://127.0.0.1:8080/v1${path}`, headers: {} },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  } as Exchange;
  return { status, exchange };
}

describe('overLimitWhy', () => {
  const over = answered(103, 'DELETE', '/store/orders/4035', 429);

  it('says a 429 was one, and why nothing read the fixture after it', () => {
    const why = overLimitWhy(over, {
      id: '4035',
      cancels: [answered(110, 'DELETE', '/store/orders/4035', 404)],
    });
    expect(why).toMatch(
      /^the request past the limit \(#103 DELETE \/store\/orders\/4035 → 429\) was refused with 429, but/,
    );
    expect(why).toMatch(/the race's cancels of order 4035 answered 404 .* none 2xx/);
    expect(why).not.toMatch(/not refused/);
    expect(overLimitWhy(over, { skip: 'needs a held fixture' })).toMatch(
      /was refused with 429, but .*: the race that reads it did not run \(needs a held fixture\)/,
    );
  });

  it('says a request past the limit that was served was not refused', () => {
    expect(overLimitWhy(answered(103, 'DELETE', '/store/orders/4035', 204), { skip: 'x' })).toMatch(
      /answered 204, not refused with 429/,
    );
  });
});

describe('refused401Why', () => {
  const refusals = [
    answered(7, 'DELETE', '/store/orders/4031', 401),
    answered(8, 'DELETE', '/store/orders/4031', 401),
  ];

  it('says the 401s were given, and that the order was never shown pending', () => {
    const why = refused401Why('4031', refusals, answered(9, 'DELETE', '/store/orders/4031', 409));
    expect(why).toMatch(/were refused with 401 \(#7 .*, #8 .*\)/);
    expect(why).toMatch(/answered 409 \(#9 .*\), not 2xx: order 4031 was never shown pending/);
    expect(why).not.toMatch(/no cancel .* was refused with 401/);
  });

  it('names the answers when no refusal was a 401', () => {
    expect(refused401Why('4031', [answered(7, 'DELETE', '/store/orders/4031', 404)])).toMatch(
      /without a valid key was answered 401 \(#7 DELETE \/store\/orders\/4031 → 404;/,
    );
  });
});

describe('noListAfterCancelWhy', () => {
  const other = '{"id":7,"petId":1,"quantity":1}';

  it('says lists were read, but none showed the cancelled order (a paged list)', () => {
    const { history } = orderHistory(
      [{ list: other }, { cancel: 204 }, { list: other }, { list: other }],
      1000,
      { pending: ['42'], shipped: [] },
    );
    const why = noListAfterCancelWhy(history);
    expect(why).toMatch(
      /^3 lists were read \(2 after a successful cancel\), but no list before its cancel showed the cancelled order \(42\), nor did any list at all/,
    );
    expect(why).toMatch(/LIST-HOLDS-FIXTURES/);
  });

  it('says no list came after the cancel when none did', () => {
    const { history } = orderHistory([{ list: '{"id":42}' }, { cancel: 204 }], 1000, {
      pending: ['42'],
      shipped: [],
    });
    expect(noListAfterCancelWhy(history)).toMatch(
      /^no list was read after the run's first successful cancel \(#2 /,
    );
  });
});

// When the client stops sending: per kind of request after three no-response failures in a row of one kind,
// whole only when the target never answered; a response, whatever its body did, resets the kind's tally.
import { describe, expect, it } from 'vitest';
import { MAX_TIMEOUTS, requestKind, Stopping } from './stopping.ts';

describe('requestKind', () => {
  it('folds ids and variable segments into the route, drops the query', () => {
    expect(requestKind('DELETE', '/store/orders/9007199254740993')).toBe('DELETE /store/orders/*');
    expect(requestKind('DELETE', '/store/orders/abc%20')).toBe('DELETE /store/orders/*');
    expect(requestKind('DELETE', '/store/orders/9/')).toBe('DELETE /store/orders/*');
    expect(requestKind('DELETE', '/store/orders/9/x')).toBe('DELETE /store/orders/*');
    expect(requestKind('GET', '/store/orders?limit=1')).toBe('GET /store/orders');
    expect(requestKind('GET', '/pets/3')).toBe('GET /pets/*');
    expect(requestKind('GET', '/store/orders')).not.toBe(requestKind('DELETE', '/store/orders'));
  });
});

describe('Stopping', () => {
  it('stops one kind after three no-response failures in a row the same way, once the target has answered', () => {
    const s = new Stopping();
    s.answer('GET /store/orders');
    for (let i = 0; i < 2; i++) s.noAnswer('DELETE /store/orders/*', 'ECONNRESET', 'reset');
    expect(s.refusal('DELETE /store/orders/*')).toBeUndefined();
    s.noAnswer('DELETE /store/orders/*', 'ECONNRESET', 'reset');
    expect(s.refusal('DELETE /store/orders/*')).toMatch(/3 DELETE \/store\/orders\/\* exchanges in a row/);
    expect(s.refusal('GET /store/orders')).toBeUndefined();
    expect(s.all).toBeUndefined();
    expect(s.reasons()).toHaveLength(1);
  });

  it('an answer, or another failure code, starts the tally of a kind again', () => {
    const s = new Stopping();
    s.answer('GET /pets/*');
    s.noAnswer('GET /pets/*', 'ECONNRESET', 'reset');
    s.noAnswer('GET /pets/*', 'ECONNRESET', 'reset');
    s.answer('GET /pets/*');
    s.noAnswer('GET /pets/*', 'ECONNRESET', 'reset');
    s.noAnswer('GET /pets/*', 'UND_ERR_HEADERS_TIMEOUT', 'timeout');
    s.noAnswer('GET /pets/*', 'ECONNRESET', 'reset');
    expect(s.refusal('GET /pets/*')).toBeUndefined();
  });

  it('a target that never answered stops whole after three silent exchanges of any kinds', () => {
    const s = new Stopping();
    s.noAnswer('GET /store/orders', 'ECONNREFUSED', 'refused');
    s.noAnswer('DELETE /store/orders/*', 'ECONNREFUSED', 'refused');
    expect(s.all).toBeUndefined();
    s.noAnswer('GET /pets/*', 'ECONNREFUSED', 'refused');
    expect(s.refusal('GET /anything')).toMatch(/answered nothing: 3 exchanges in a row/);
  });
});

describe('Stopping on the harness timeouts', () => {
  it('three timeouts of one kind stop that kind; the target is there, so nothing says it answered nothing', () => {
    const s = new Stopping();
    for (let i = 0; i < 2; i++) {
      s.timedOut('GET /store/orders', 'deadline', true);
      s.answer('GET /pets/*');
    }
    expect(s.refusal('GET /store/orders')).toBeUndefined();
    s.timedOut('GET /store/orders', 'deadline of 30000 ms', true);
    expect(s.refusal('GET /store/orders')).toMatch(
      /3 GET \/store\/orders exchanges ran into this run's timeout: the target trickles or stalls/,
    );
    expect(s.refusal('GET /pets/*')).toBeUndefined();
    expect(s.all).toBeUndefined();
  });

  it(`three in a row, of any kinds, or ${MAX_TIMEOUTS} in the run stop it whole, naming the trickle`, () => {
    const row = new Stopping();
    for (const kind of ['GET /store/orders', 'DELETE /store/orders/*', 'GET /pets/*'])
      row.timedOut(kind, 'deadline', true);
    expect(row.all).toMatch(/answers trickle or stall: 3 exchanges ran into this run's timeout \(3 in a row/);
    const spread = new Stopping();
    for (const kind of ['A /a', 'B /b', 'C /c', 'D /d']) {
      spread.timedOut(kind, 'deadline', true);
      spread.answer('E /e');
    }
    expect(spread.all).toMatch(
      new RegExp(`${MAX_TIMEOUTS} exchanges ran into this run's timeout \\(1 in a row`),
    );
  });

  it('requests sent together that time out together are one stall; one sent after a timeout counts anew', () => {
    const s = new Stopping();
    s.answer('GET /store/orders');
    // Fifteen cancels sent at 1000 ms, four of them timing out at 11000-11003 ms: one stall, counted once.
    for (let i = 0; i < 4; i++) {
      if (s.overlapsTimeout(1000)) continue;
      s.timedOut('DELETE /store/orders/*', 'deadline', true, { startedMs: 1000, nowMs: 11_000 + i });
    }
    expect(s.all).toBeUndefined();
    expect(s.refusal('DELETE /store/orders/*')).toBeUndefined();
    // Sent one at a time after it, each timeout counts: three in a row stop the run.
    for (const at of [12_000, 23_000]) {
      expect(s.overlapsTimeout(at)).toBe(false);
      s.timedOut('DELETE /store/orders/*', 'deadline', true, { startedMs: at, nowMs: at + 10_000 });
    }
    expect(s.all).toMatch(/3 exchanges ran into this run's timeout \(3 in a row/);
  });

  it('a malformed answer is never silence: three of a kind stop it, the target is not "down"', () => {
    const s = new Stopping();
    for (let i = 0; i < 3; i++) s.malformed('DELETE /store/orders/*', 'HPE_INVALID_HEADER_TOKEN', 'bad');
    expect(s.refusal('DELETE /store/orders/*')).toMatch(/answered with something that is not HTTP\/1\.1/);
    for (let i = 0; i < 3; i++) s.noAnswer('GET /pets/*', 'ECONNRESET', 'reset');
    expect(s.all).toBeUndefined();
  });
});

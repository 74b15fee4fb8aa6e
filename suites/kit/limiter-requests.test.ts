// Which requests of a recording count against one key, and how each is kept: the path as sent, and of each
// request only what its answer carried (the rest is read from its exchange when asked).
import { describe, expect, it } from 'vitest';
import { del, list, RESET, run, T0 } from '../../test/support/key-traffic.ts';
import { keyRequests, rawTarget } from './limiter-requests.ts';

describe('rawTarget', () => {
  it('keeps the path as sent: dot segments and doubled slashes are other paths to a limiter', () => {
    expect(rawTarget('http://127.0.0.1:9/v1/./store/orders')).toEqual({
      pathname: '/v1/./store/orders',
      search: '',
    });
    expect(rawTarget('https://h/v1/store//orders/7?x=1#f')).toEqual({
      pathname: '/v1/store//orders/7',
      search: '?x=1',
    });
  });
});

describe('keyRequests', () => {
  it('keeps what an answer carried and reads the rest from its exchange, as it was', () => {
    const xs = run(
      list(59, { status: 429, at: 0, took: 7 }),
      del('1', 58, { at: 20 }),
      list(undefined, { at: 40 }),
    );
    const [a, b, c] = keyRequests(xs, '/v1');
    expect([a!.key, a!.status, a!.usable, a!.remaining, a!.limit, a!.reset, a!.resetKind]).toEqual([
      'primary',
      429,
      false,
      59,
      60,
      RESET,
      'unix-seconds',
    ]);
    expect([a!.sentAtMs, a!.receivedAtMs, b!.sentAtMs, b!.receivedAtMs]).toEqual([
      T0,
      T0 + 7,
      T0 + 20,
      T0 + 22,
    ]);
    expect([b!.usable, b!.parts.route, c!.usable, c!.resetKind, c!.resetAtMs]).toEqual([
      true,
      'DELETE /store/orders/{orderId}',
      false,
      undefined,
      undefined,
    ]);
    // A long recording holds one of these a request: no moment, status or key of its own (each was 8 bytes
    // a request, a moment 24).
    const own = Object.keys(a!);
    for (const derived of ['key', 'status', 'usable', 'resetKind', 'sentAtMs', 'receivedAtMs'])
      expect(own).not.toContain(derived);
  });

  it('reads each Reset moment back as read, a near one, a far one, a fraction of a millisecond, none', () => {
    const far = RESET + 10_000_000;
    const xs = run(
      list(59),
      list(58, { reset: far }),
      list(57, { reset: RESET + 0.0001 }),
      list(56, { reset: 30 }),
      list(undefined),
    );
    const at = keyRequests(xs, '/v1').map((r) => r.resetAtMs);
    expect(at).toEqual([RESET * 1000, far * 1000, (RESET + 0.0001) * 1000, T0 + 30 + 2 + 30_000, undefined]);
  });

  it('marks a request concurrent by the order sent, whatever the order recorded', () => {
    // Recorded out of the order sent: #2 went out first; #1 was sent before #2's answer (at 5, answered at 9);
    // #3 and #4 one after another, each answered before the next went out; #5 sent with its own answer late
    // enough that #6, sent before it came back, overlaps it.
    const xs = run(
      list(59, { at: 5 }),
      list(58, { at: 0, took: 9 }),
      list(57, { at: 20 }),
      list(56, { at: 30 }),
      list(55, { at: 40, took: 30 }),
      list(54, { at: 50 }),
    );
    expect(keyRequests(xs, '/v1').map((r) => r.concurrent)).toEqual([true, true, false, false, true, true]);
    // Recorded last first, each answered before the next went out: none overlaps another.
    const apart = run(list(57, { at: 30 }), list(59, { at: 0 }), list(58, { at: 10 }));
    expect(keyRequests(apart, '/v1').map((r) => r.concurrent)).toEqual([false, false, false]);
  });

  it('reads each request record’s parts once for its key: a record shared by both keys keeps both apart', () => {
    const xs = run(list(59), list(58, { bucket: 'secondary' }), list(57), del('7', 56));
    // One request record for the three lists, as a long recording's shared records are.
    xs[1]!.request = xs[0]!.request;
    xs[2]!.request = xs[0]!.request;
    const rs = keyRequests(xs, '/v1');
    expect(rs.map((r) => [r.key, r.parts.key, r.parts.route])).toEqual([
      ['primary', 'primary', 'GET /store/orders'],
      ['secondary', 'secondary', 'GET /store/orders'],
      ['primary', 'primary', 'GET /store/orders'],
      ['primary', 'primary', 'DELETE /store/orders/{orderId}'],
    ]);
    expect(rs[2]!.parts).toBe(rs[0]!.parts);
  });
});

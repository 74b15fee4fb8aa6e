// When an unanswered request is the target's (dropped.ts): dropped twice, the same method and URL, while
// requests before and after were answered; never a single drop, a target that answers nothing, our own
// timeout, a refused connection, or a request sent as invalid HTTP on purpose. Hand-made exchanges.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/transcript.ts';
import { dropFinding, dropsOf, leftByDrop } from './dropped.ts';
import type { CheckResult } from './model.ts';

let seq = 0;
const T0 = 1_800_000_000_000;

function x(at: number, path: string, outcome: number | string, extra: Partial<Exchange> = {}): Exchange {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(T0 + at).toISOString(),
    durationMs: 5,
    request: { method: 'DELETE', url: `http://127.0.0.1:9/v1/store/orders/${path}`, headers: {} },
    ...(typeof outcome === 'number'
      ? { response: { status: outcome, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }
      : { error: { code: outcome, message: 'other side closed' }, mayHaveTakenEffect: true as const }),
    ...extra,
  };
}

describe('dropsOf', () => {
  it('finds a request dropped twice while others before and after were answered', () => {
    const xs = [
      x(0, '7', 204),
      x(10, '1.5', 'UND_ERR_SOCKET'),
      x(20, '1.5', 'UND_ERR_SOCKET'),
      x(30, '8', 204),
    ];
    const [d, more] = dropsOf(xs);
    expect(more).toBeUndefined();
    expect([d!.exchange, d!.again, d!.before, d!.after]).toEqual([xs[1], xs[2], xs[0], xs[3]]);
    expect(dropFinding(d!, 'a cancel of the malformed orderId 1.5')).toMatch(
      /^no answer: the target closed the connection without a response to DELETE \S+\/1\.5 \(#\d+, UND_ERR_SOCKET\), and again .*before and after \(#\d+, 204; #\d+, 204\): the request was a cancel of the malformed orderId 1\.5$/,
    );
  });

  it('finds nothing where the second sending was answered (a connection closed as it was reused)', () => {
    expect(
      dropsOf([x(0, '7', 204), x(10, '1.5', 'UND_ERR_SOCKET'), x(20, '1.5', 400), x(30, '8', 204)]),
    ).toEqual([]);
  });

  it('finds nothing where the target answered nothing around the drops (unreachable, every request dropped)', () => {
    expect(dropsOf([x(0, '1.5', 'UND_ERR_SOCKET'), x(10, '1.5', 'UND_ERR_SOCKET'), x(20, '8', 204)])).toEqual(
      [],
    );
    expect(dropsOf([x(0, '7', 204), x(10, '1.5', 'ECONNRESET'), x(20, '1.5', 'ECONNRESET')])).toEqual([]);
  });

  it('finds nothing for our own timeout, a refused connection, or a request sent as invalid HTTP', () => {
    for (const code of ['E_TIMEOUT', 'ECONNREFUSED', 'E_ABORTED'])
      expect(dropsOf([x(0, '7', 204), x(10, '1.5', code), x(20, '1.5', code), x(30, '8', 204)])).toEqual([]);
    const invalid = { invalidRequest: 'an invalid percent-encoding' };
    expect(
      dropsOf([
        x(0, '7', 204),
        x(10, '%zz', 'UND_ERR_SOCKET', invalid),
        x(20, '%zz', 'UND_ERR_SOCKET', invalid),
        x(30, '8', 204),
      ]),
    ).toEqual([]);
  });
});

describe('leftByDrop', () => {
  const xs = [
    x(0, '7', 204),
    x(10, '1.5', 'UND_ERR_SOCKET'),
    x(20, '1.5', 'UND_ERR_SOCKET'),
    x(30, '8', 204),
  ];
  const error = (id: string, message: string) =>
    ({
      id,
      status: 'error',
      message,
      details: [],
      exchanges: [],
      reproduction: [],
    }) as unknown as CheckResult;
  const binder = {
    id: 'ID-MALFORMED-4XX',
    unanswered: (e: Exchange) => (e.request.url.endsWith('1.5') ? 'a malformed cancel' : undefined),
  };
  const failed = `E_HTTP: DELETE ${xs[1]!.request.url} failed: other side closed (UND_ERR_SOCKET)`;

  it('leaves a check out because of the check that binds the dropped request', () => {
    const r = leftByDrop(error('ID-CANCEL-SPELLING', failed), dropsOf(xs), [binder]);
    expect(r).toMatchObject({ status: 'skip', cause: { kind: 'outcome', check: 'ID-MALFORMED-4XX' } });
    expect(r.message).toMatch(/twice, while it answered other requests, which ID-MALFORMED-4XX judges$/);
  });

  it("leaves it out as the target's outcome where no check binds it, and keeps any other error", () => {
    const r = leftByDrop(error('AUTH-PATH-SPELLING-401', failed), dropsOf(xs), []);
    expect(r).toMatchObject({ status: 'skip', cause: { kind: 'outcome' } });
    expect(r.message).toMatch(/; no check binds that request$/);
    const other = error(
      'AUTH-PATH-SPELLING-401',
      'E_HTTP: DELETE http://127.0.0.1:9/v1/store/orders/9 failed: x',
    );
    expect(leftByDrop(other, dropsOf(xs), [binder])).toBe(other);
    expect(leftByDrop(error('ID-CANCEL-SPELLING', failed), [], [binder]).status).toBe('error');
  });
});

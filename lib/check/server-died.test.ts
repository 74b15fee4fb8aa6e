// The request a server died on: only a connection closed without an answer right after an answered request, with
// every later connection refused. A target never up, one that answers again, or our own timeout is no death.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/transcript.ts';
import { deathFinding, deathOf, deathUntold } from './server-died.ts';

let seq = 0;
function x(outcome: number | string): Exchange {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(seq).toISOString(),
    durationMs: 1,
    request: { method: 'DELETE', url: `http://127.0.0.1:9/v1/store/orders/${seq}`, headers: {} },
    ...(typeof outcome === 'number'
      ? { response: { status: outcome, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }
      : { error: { code: outcome, message: outcome } }),
  };
}

describe('deathOf', () => {
  it('names the request closed unanswered after which every connection was refused', () => {
    const died = x('UND_ERR_SOCKET');
    const death = deathOf([x(200), x(400), died, x('ECONNREFUSED'), x('ECONNREFUSED')]);
    expect(death).toEqual({ exchange: died, refused: 2 });
    expect(deathFinding(death!, 'a cancel')).toBe(
      'no answer: the connection closed and the server stopped accepting connections (the next 2 connections were refused) after a cancel',
    );
    expect(deathOf([x(200), x('ECONNRESET'), x('ECONNREFUSED')])?.refused).toBe(1);
  });

  it('finds none until a refused connection follows, and none once the server answers again', () => {
    const untold = [x(200), x('UND_ERR_SOCKET')];
    expect(deathOf(untold)).toBeUndefined();
    expect(deathUntold(untold)).toBe(true);
    expect(deathOf([...untold, x('ECONNREFUSED'), x(200)])).toBeUndefined();
    expect(deathOf([...untold, x(200), x('ECONNREFUSED')])).toBeUndefined();
  });

  it('keeps our own failures and a target never up ours: a timeout, an abort, refused from the first', () => {
    expect(deathOf([x('ECONNREFUSED'), x('ECONNREFUSED')])).toBeUndefined();
    expect(deathOf([x('UND_ERR_SOCKET'), x('ECONNREFUSED')])).toBeUndefined();
    for (const code of ['E_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_ABORTED', 'AbortError'])
      expect(deathOf([x(200), x(code), x('ECONNREFUSED')]), code).toBeUndefined();
    // Two unanswered in a row: which one killed it is unknown.
    expect(deathOf([x(200), x('UND_ERR_SOCKET'), x('UND_ERR_SOCKET'), x('ECONNREFUSED')])).toBeUndefined();
    expect(deathUntold([x(200), x('E_TIMEOUT')])).toBe(false);
  });
});

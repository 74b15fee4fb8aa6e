// The findings several suites record alike: a status expectation carries what was wanted, what came and the
// exchange; an Error body records each of its problems with the schema failures, prefixed when asked.
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../lib/check/model.ts';
import { type CheckContext, runCheck } from '../../lib/check/run-check.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { type Exchange, Transcript } from '../../lib/http/transcript.ts';
import { expectErrorBody, expectStatus, requireStatus } from './expect.ts';
import type { BodyView } from './responses.ts';

const transcript = new Transcript();
const exchange: Exchange = transcript.add({
  bucket: 'primary',
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  request: { method: 'DELETE', url: 'http://127.0.0.1/v1/store/orders/5', headers: {} },
});

/** Runs a MUST check whose body is `body`, as the run would. */
function judged(body: (ctx: CheckContext) => void) {
  return runCheck(
    defineCheck<CheckContext>({
      id: 'T-EXPECT',
      level: 'MUST',
      rules: ['7.error-object'],
      requirement: 'r',
      basis: [{ source: 'spec §7', text: 'Error responses that carry a body use the Error object.' }],
      title: 't',
      needs: { requests: 0 },
      run: async (ctx) => body(ctx),
      recorded: { only: 'a test check' },
    }),
    {
      suite: 'Test',
      transcript,
      redactor: new Redactor(),
      unmetNeed: () => undefined,
      context: (base) => base,
      setCurrent: () => {},
    },
  );
}

describe('expectStatus and requireStatus', () => {
  const answer = (status: number) => ({
    status,
    headers: { 'content-type': 'text/plain' },
    bytes: 3,
    receivedAtMs: 0,
    exchange,
  });

  it('record "<what> answered <status>" with what was wanted, what came and the exchange', async () => {
    const r = await judged((ctx) => {
      expect(expectStatus(ctx, answer(200), 'cancelling order 5').toBe(404)).toBe(false);
      expect(expectStatus(ctx, answer(404), 'cancelling order 6').toBe(404)).toBe(true);
      ctx.observe('judged', 2);
    });
    expect(r.status).toBe('fail');
    expect(r.message).toBe('cancelling order 5 answered 200 (text/plain), 3-byte body');
    expect([r.expected, r.actual, r.cited]).toEqual(['404', '200', [exchange.seq]]);
  });

  it('name the reason after the status, and go on (expect) or end the check (require)', async () => {
    const soft = await judged((ctx) => {
      expectStatus(ctx, answer(204), 'a second cancel').not2xx('cancelled again');
      expectStatus(ctx, answer(401), 'lower-case bearer').notToBe(401);
      ctx.observe('judged', 2);
    });
    expect(soft.message).toBe(
      'a second cancel answered 204 (text/plain), 3-byte body: cancelled again (and 1 more)',
    );
    const hard = await judged((ctx) => {
      requireStatus(ctx, answer(500), 'first').toHold(false, '4xx');
      expectStatus(ctx, answer(500), 'never reached').toBe(200);
    });
    expect(hard.message).toBe('first answered 500 (text/plain), 3-byte body');
    expect(hard.expected).toBe('4xx');
  });
});

describe('expectErrorBody', () => {
  const view = (text: string, status = 404): BodyView => ({
    status,
    text,
    bytes: text.length,
    contentType: 'application/json',
  });

  it('records nothing for a valid Error whose status is the HTTP status', async () => {
    const r = await judged((ctx) => {
      expectErrorBody(ctx, view('{"code":"X","message":"m","status":404}'), exchange);
      ctx.observe('one valid Error body', 1);
    });
    expect(r.status).toBe('pass');
    expect(r.details).toEqual([]);
  });

  it('records each problem, prefixed, with the schema failures as data', async () => {
    const r = await judged((ctx) =>
      expectErrorBody(ctx, view('{"code":"X","status":400}'), exchange, 'DELETE /store/orders/5: '),
    );
    expect(r.status).toBe('fail');
    expect(r.message).toMatch(/^DELETE \/store\/orders\/5: Error body: /);
    expect(r.details.some((d) => d.includes('differs from the HTTP status 404'))).toBe(true);
    expect(r.schemaIssues?.length).toBeGreaterThan(0);
    expect(r.cited).toEqual([exchange.seq]);
  });
});

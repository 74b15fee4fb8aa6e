// The findings several suites record alike: a status expectation carries what was wanted, what came and the
// exchange; an Error body records each of its problems with the schema failures, prefixed when asked.
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../lib/check/model.ts';
import { type CheckContext, runCheck } from '../../lib/check/run-check.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { type Exchange, Transcript } from '../../lib/http/transcript.ts';
import { expectErrorBody, expectedStatus } from './expect.ts';
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
      spec: 'spec §7',
      level: 'MUST',
      rules: ['7.error-object'],
      requirement: 'r',
      basis: [{ source: 'spec §7', text: 'Error responses that carry a body use the Error object.' }],
      title: 't',
      needs: { requests: 0 },
      run: async (ctx) => body(ctx),
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

describe('expectedStatus', () => {
  it('names the status wanted and the one that came, and cites the exchange', () => {
    expect(expectedStatus({ status: 200, exchange }, 404)).toEqual({
      expected: '404',
      actual: '200',
      exchange,
    });
    expect(expectedStatus({ status: 204, exchange }, 'not 2xx')).toMatchObject({ expected: 'not 2xx' });
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

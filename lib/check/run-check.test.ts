// runCheck: a check's problems, skips, observations and errors become its verdict; no pass on nothing judged or
// on refusals alone; a request the run refuses to send leaves the check out or stops it where it was.
import { describe, expect, it } from 'vitest';
import { env, exchange, make } from '../../test/support/check-run.ts';
import { HarnessError } from '../errors.ts';
import { runCheck, statusFor } from './run-check.ts';
import { input, OUTCOME, SkipSignal } from './skip.ts';

describe('runCheck', () => {
  it('passes on no refusals of the limiter alone: not judged, the wait limit named; a refusal check opts out', async () => {
    const t = env();
    const refused = [exchange(t.transcript, 429), exchange(t.transcript, 429)];
    const onRefusals = make('MUST', async (ctx) => ctx.observe('no spelling cancelled an order', 2, refused));
    const r = await runCheck(onRefusals, t.env);
    expect(r.status).toBe('skip');
    expect(r.cause).toEqual({ kind: 'limit', setting: 'maxWaitSeconds' });
    expect(r.message).toMatch(/^not judged: every answer it rests on was a refusal.*2 × 429/);
    expect(r.message).toMatch(/⟦setting:maxWaitSeconds⟧/);
    // Its own sendings, when it names none: the same.
    const sentOnly = make('INFO', async (ctx) => {
      exchange(t.transcript, 429);
      ctx.observe('leading zeros are refused (429)', 1);
    });
    expect((await runCheck(sentOnly, t.env)).status).toBe('skip');
    // One answer that is not a refusal, or a check about refusals: a pass.
    const mixed = [...refused, exchange(t.transcript, 404)];
    expect(
      (
        await runCheck(
          make('MUST', async (ctx) => ctx.observe('m', 3, mixed)),
          t.env,
        )
      ).status,
    ).toBe('pass');
    const about = { ...onRefusals, judgesRefusals: true as const };
    expect((await runCheck(about, t.env)).status).toBe('pass');
    // A finding on refusals stands.
    const failing = make('MUST', async (ctx) => {
      ctx.problem('p', { exchange: refused[0]! });
      ctx.observe('m', 2, refused);
    });
    expect((await runCheck(failing, t.env)).status).toBe('fail');
  });

  it('maps problems to the level: MUST fail, SHOULD warn, MAY and INFO info', () => {
    expect(statusFor('MUST', 1)).toBe('fail');
    expect(statusFor('SHOULD', 1)).toBe('warn');
    expect(statusFor('MAY', 1)).toBe('info');
    expect(statusFor('INFO', 0)).toBe('info');
    expect(statusFor('MUST', 0)).toBe('pass');
  });

  it('passes with the observation, and fails with every problem and the leading exchange as evidence', async () => {
    const e = env();
    const ok = await runCheck(
      make('MUST', async (ctx) => ctx.observe('all good', 3)),
      e.env,
    );
    expect(ok).toMatchObject({
      status: 'pass',
      message: 'all good',
      judged: 3,
      suite: 'Test suite',
      exchanges: [],
    });

    const failed = await runCheck(
      make('MUST', async (ctx) => {
        exchange(e.transcript, 200);
        const bad = exchange(e.transcript, 500);
        ctx.problem('first', { exchange: bad, expected: '404', actual: '500' });
        ctx.violation('second');
      }),
      e.env,
    );
    expect(failed.status).toBe('fail');
    expect(failed.message).toBe('first (and 1 more)');
    expect(failed.details).toEqual(['problem: first', 'problem: second']);
    expect(failed).toMatchObject({ expected: '404', actual: '500' });
    expect(failed.exchanges.map((x) => x.seq)).toEqual([1, 2]);
    expect(failed.reproduction).toEqual([
      'curl -sS -i --globoff --path-as-is -H "authorization: Bearer $ORDER_STORE_API_KEY" "http://h/v1/store/orders"',
    ]);
  });

  it('no pass without evidence: zero observations is not evaluated, and no statement at all is our bug', async () => {
    const e = env();
    for (const level of ['MUST', 'INFO'] as const) {
      const none = await runCheck(
        make(level, async (ctx) => ctx.observe('0 responses 401, each with a challenge', 0)),
        e.env,
      );
      expect(none).toMatchObject({
        status: 'skip',
        message: 'nothing to judge: 0 responses 401, each with a challenge',
        cause: { kind: 'outcome' },
      });
      expect(none.judged).toBeUndefined();
    }
    const silent = await runCheck(
      make('MUST', async () => {}),
      e.env,
    );
    expect(silent.status).toBe('error');
    expect(silent.message).toMatch(/E_INTERNAL: .*without saying what it judged/);
    // A finding needs no count: the exchange it cites is the evidence.
    const found = await runCheck(
      make('MUST', async (ctx) => ctx.problem('bad')),
      e.env,
    );
    expect(found.status).toBe('fail');
  });

  it('skips on an unmet need without running, and on ctx.skip', async () => {
    let ran = false;
    const r = await runCheck(
      make('MUST', async () => {
        ran = true;
      }),
      env({ reason: 'needs a fixture: set --cancellable-order-ids', cause: input('cancellableOrderIds') })
        .env,
    );
    expect(ran).toBe(false);
    expect(r).toMatchObject({
      status: 'skip',
      message: 'needs a fixture: set --cancellable-order-ids',
      cause: { kind: 'input', setting: 'cancellableOrderIds' },
    });
    const s = await runCheck(
      make('MUST', async (ctx) => ctx.skip('not today', OUTCOME)),
      env().env,
    );
    expect(s).toMatchObject({ status: 'skip', message: 'not today', cause: { kind: 'outcome' } });
    const t = await runCheck(
      make('MUST', async (ctx) =>
        ctx.skip({ reason: 'over budget', cause: { kind: 'limit', setting: 'maxRequests' } }),
      ),
      env().env,
    );
    expect(t).toMatchObject({
      status: 'skip',
      message: 'over budget',
      cause: { kind: 'limit', setting: 'maxRequests' },
    });
  });

  it('turns a thrown error into error (never pass, never fail) and clears the current check', async () => {
    const e = env();
    const r = await runCheck(
      make('MUST', async () => {
        throw new HarnessError('E_BUDGET', 'the request budget is spent');
      }),
      e.env,
    );
    expect(r).toMatchObject({ status: 'error', message: 'E_BUDGET: the request budget is spent' });
    expect(e.current()).toBeUndefined();
    const bug = await runCheck(
      make('INFO', async () => {
        throw new TypeError('oops');
      }),
      e.env,
    );
    expect(bug).toMatchObject({ status: 'error', message: 'E_INTERNAL: oops' });
  });
});

describe('a request the run refuses to send (SkipSignal)', () => {
  const refused = { reason: 'left out: exchange #4 proved the list wrong', cause: OUTCOME };

  it('leaves a check that found nothing yet out, with the reason and cause as data', async () => {
    const { env: e } = env();
    const r = await runCheck(
      make('MUST', async () => {
        throw new SkipSignal(refused);
      }),
      e,
    );
    expect([r.status, r.message, r.cause]).toEqual(['skip', refused.reason, OUTCOME]);
  });

  it('keeps what a check found before it, noting where it stopped', async () => {
    const { env: e } = env();
    const r = await runCheck(
      make('MUST', async (ctx) => {
        ctx.problem('answered 204 to an absent id');
        throw new SkipSignal(refused);
      }),
      e,
    );
    expect(r.status).toBe('fail');
    expect(r.details).toContain(`it stopped there: ${refused.reason}`);
  });
});

import { describe, expect, it } from 'vitest';
import { HarnessError } from '../errors.ts';
import { KEY_VARIABLE, Redactor } from '../http/redact.ts';
import { Transcript } from '../http/transcript.ts';
import { type CheckDefinition, defineCheck, defineSuite, type Level, selectChecks } from './model.ts';
import { type CheckContext, MAX_DETAILS, MAX_TEXT, runCheck, statusFor } from './run-check.ts';
import { input, OUTCOME, type Skip, SkipSignal } from './skip.ts';

function env(unmet?: Skip) {
  const transcript = new Transcript();
  const redactor = new Redactor();
  redactor.addKey('osk_runner_key_1234', KEY_VARIABLE);
  let current: string | undefined;
  return {
    transcript,
    current: () => current,
    env: {
      suite: 'Test suite',
      transcript,
      redactor,
      unmetNeed: () => unmet,
      context: (base: CheckContext) => base,
      setCurrent: (id: string | undefined) => {
        current = id;
      },
    },
  };
}

function make(level: Level, run: (ctx: CheckContext) => Promise<void>): CheckDefinition<CheckContext> {
  return defineCheck({
    id: 'T-ONE',
    spec: 'spec §0',
    level,
    rules: ['4.cancel.r3'],
    requirement: 'r',
    basis: [
      {
        source: 'spec §4 cancelOrder rule 3',
        text: 'When no order has the given `orderId`, then the response is 404.',
      },
    ],
    title: 't',
    needs: { requests: 0 },
    run,
    recorded: { only: 'a test check' },
  });
}

function exchange(transcript: Transcript, status: number) {
  return transcript.add({
    checkId: 'T-ONE',
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: {
      method: 'GET',
      url: 'http://h/v1/store/orders',
      headers: { authorization: 'Bearer $ORDER_STORE_API_KEY' },
    },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  });
}

describe('runCheck', () => {
  it('passes on no refusals of the limiter alone: not judged, the wait limit named; a refusal check opts out', async () => {
    const t = env();
    const refused = [exchange(t.transcript, 429), exchange(t.transcript, 429)];
    const onRefusals = make('MUST', async (ctx) => ctx.observe('no spelling cancelled an order', 2, refused));
    const r = await runCheck(onRefusals, t.env);
    expect(r.status).toBe('skip');
    expect(r.cause).toEqual({ kind: 'limit', setting: 'maxWaitSeconds' });
    expect(r.message).toMatch(/^not judged: every answer it rests on was a refusal.*2 × 429/);
    expect(r.message).toMatch(/--max-wait-seconds/);
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

describe('bounded results', () => {
  it('200,000 problems: no stack overflow, the first 20 as details and a count of the rest', async () => {
    const e = env();
    const x = exchange(e.transcript, 200);
    const r = await runCheck(
      make('MUST', async (ctx) => {
        for (let i = 0; i < 200_000; i++) ctx.problem(`id ${i} is a string`, { exchange: x });
        for (let i = 0; i < 30; i++) ctx.note(`note ${i}`);
      }),
      e.env,
    );
    expect(r.status).toBe('fail');
    expect(r.message).toBe('id 0 is a string (and 199999 more)');
    expect(r.details).toHaveLength(MAX_DETAILS + 1 + MAX_DETAILS + 1);
    expect(r.details[MAX_DETAILS]).toBe('… and 199980 more problems (200000 in all)');
    expect(r.details.at(-1)).toBe('… and 10 more notes (30 in all)');
    expect(r.cited).toEqual([x.seq]);
  });

  it('cuts a quoted value of a million characters to its first characters and its length', async () => {
    const e = env();
    const id = '9'.repeat(1_000_000);
    const r = await runCheck(
      make('MUST', async (ctx) => ctx.problem(`id ${id} is beyond int64`, { actual: id })),
      e.env,
    );
    expect(r.message.length).toBeLessThan(MAX_TEXT + 100);
    expect(r.message).toMatch(/… \(1000019 characters in all\)$/);
    expect(r.actual).toMatch(/… \(1000000 characters in all\)$/);
  });

  it("an error while building the result is the check's error, not the run's end", async () => {
    const e = env();
    const broken = {
      ...e.env,
      redactor: {
        expressions: () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
      } as unknown as Redactor,
    };
    const r = await runCheck(
      make('MUST', async (ctx) => ctx.problem('bad', { exchange: exchange(e.transcript, 500) })),
      broken,
    );
    expect(r).toMatchObject({ id: 'T-ONE', status: 'error' });
    expect(r.message).toMatch(/E_INTERNAL: the result of the check could not be built: Maximum call stack/);
  });
});

describe('check definitions', () => {
  it('refuse malformed ids and checks outside their suite prefix', () => {
    expect(() => defineCheck({ ...make('MUST', async () => {}), id: 'lower-case' })).toThrow(/UPPER-KEBAB/);
    expect(() =>
      defineSuite({ id: 'LIST', title: 'x', spec: 's', checks: [make('MUST', async () => {})] }),
    ).toThrow(/prefix LIST-/);
  });

  it('refuse a MUST or SHOULD without a basis; INFO may go without', () => {
    const { basis: _, ...bare } = make('MUST', async () => {});
    expect(() => defineCheck(bare)).toThrow(/T-ONE is MUST but names no basis/);
    expect(() => defineCheck({ ...bare, level: 'SHOULD', basis: [] })).toThrow(/SHOULD but names no basis/);
    expect(() => defineCheck({ ...bare, basis: [{ source: 'spec §5', text: ' ' }] })).toThrow(
      /basis without source or text/,
    );
    expect(defineCheck({ ...bare, level: 'INFO' }).id).toBe('T-ONE');
  });

  it('derive spec from the basis when it states none, and refuse one that only repeats it', () => {
    const { spec: _, ...unstated } = make('MUST', async () => {});
    const basis = [
      { source: 'spec §8 rule 1', text: 'a' },
      { source: 'RFC 9110 §5.3', text: 'b' },
      { source: 'spec §8 rule 1', text: 'c' },
    ];
    expect(defineCheck({ ...unstated, basis }).spec).toBe('spec §8 rule 1; RFC 9110 §5.3');
    expect(() => defineCheck({ ...unstated, basis, spec: 'spec §8 rule 1; RFC 9110 §5.3' })).toThrow(
      /states the spec its basis gives/,
    );
    expect(defineCheck({ ...unstated, basis, spec: 'spec §8 rule 1 (every response)' }).spec).toBe(
      'spec §8 rule 1 (every response)',
    );
  });

  it('carry the basis into the result', async () => {
    const e = env();
    const result = await runCheck(
      make('MUST', async () => {}),
      e.env,
    );
    expect(result.basis).toEqual([
      {
        source: 'spec §4 cancelOrder rule 3',
        text: 'When no order has the given `orderId`, then the response is 404.',
      },
    ]);
  });

  it('select by id prefix with --only and --skip', () => {
    const ids = [{ id: 'LIST-A' }, { id: 'LIST-B' }, { id: 'AUTH-A' }, { id: 'RL-PROBE-X' }];
    expect(selectChecks(ids, [], []).length).toBe(4);
    expect(selectChecks(ids, ['LIST'], ['LIST-B']).map((c) => c.id)).toEqual(['LIST-A']);
    expect(selectChecks(ids, [], ['RL-PROBE']).map((c) => c.id)).toEqual(['LIST-A', 'LIST-B', 'AUTH-A']);
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

// The result a check becomes (result.ts): bounded however much it recorded, its basis carried, and an error
// while building it is the check's own error, never the run's end.
import { describe, expect, it } from 'vitest';
import { env, exchange, make } from '../../test/support/check-run.ts';
import type { Redactor } from '../http/redact.ts';
import { MAX_DETAILS, MAX_TEXT } from './findings.ts';
import { runCheck } from './run-check.ts';

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
});

// A front that passes every request to the application and adds `Age: 0` to each answer, as Varnish does: no
// answer of it is a stored copy, so the store and the limiter are read as without it (a run that set every
// answer with Age aside left STATE-404-CHANGES-NOTHING, STATE-LIST-AFTER-CANCEL and RL-BUCKET-* unjudged).
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import { closeAll, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

describe('a front adding Age: 0 to every answer', () => {
  it('leaves the store and the limiter judged, and the server conformant', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.reply({ ...a, headers: { ...a.headers, age: '0', via: '1.1 varnish' } });
    });
    expect(reportProblems(run)).toEqual([]);
    expect(run.report?.verdict, said(run)).toBe('conformant');
    for (const id of ['STATE-404-CHANGES-NOTHING', 'STATE-LIST-AFTER-CANCEL', 'STATE-LIST-EXPLAINED'])
      expect(checkOf(run, id).status, `${id}: ${checkOf(run, id).message}`).toBe('pass');
    const bucket = checkOf(run, 'RL-BUCKET-ONE-COUNT');
    expect(bucket.status, bucket.message).toBe('pass');
  }, 120_000);
});

// ID-MALFORMED-4XX judges every cancel of a malformed id in the run, whichever check sent it: a replay of one
// passing property case leaves the spelling run to ID-CANCEL-MISREAD, and its 5xx still fails the rule.
import { describe, expect, it } from 'vitest';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('ID-MALFORMED-4XX over the whole run', () => {
  it('fails on a 5xx to a malformed id that another check sent after its own cases', async () => {
    const server = await reference({ faults: ['orderid-percent-ff-500'] });
    // Path 1 of seed 11 is a case the fault answers 400; the spelling run then goes out for ID-CANCEL-MISREAD.
    const run = await runCliInProcess(
      ['--only', 'ID-MALFORMED-4XX,ID-CANCEL-MISREAD', '--seed', '11', '--replay-path', 'ID-MALFORMED-4XX:1'],
      { env: targetEnv(server) },
    );
    const said = `${run.stdout}\n${run.stderr}`;
    expect(checkOf(run, 'ID-CANCEL-MISREAD').status, said).toBe('pass');
    const c = checkOf(run, 'ID-MALFORMED-4XX');
    expect(c.status, said).toBe('fail');
    expect(c.message).toMatch(
      /^5xx on malformed id: DELETE \/store\/orders\/\d+%(zz|FF|C0)\S* \(not an int64\) answered 500/,
    );
    expect(run.code, said).toBe(1);
  });
});

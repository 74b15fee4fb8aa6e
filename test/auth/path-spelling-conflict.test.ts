// AUTH-PATH-SPELLING-401 takes a 409 to a spelled cancel without credentials as the operation reached: when the
// absent id's cancel with the key left an order behind (cancel-unknown-creates), the bypassed cancel answers 409,
// not the 404 it is compared with (auth-path-parameter-bypass beside it was missed before).
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('a spelled cancel without credentials answered 409', () => {
  it('is a spelling that reached the operation', { timeout: 120_000 }, async () => {
    const server = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['auth-path-parameter-bypass', 'cancel-unknown-creates'],
    });
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE, '--only', 'AUTH-PATH-SPELLING-401'], {
      env: targetEnv(server),
    });
    const c = checkOf(run, 'AUTH-PATH-SPELLING-401');
    expect(c.status, `${c.message}\n${run.stdout}`).toBe('fail');
    expect(c.message).toMatch(/409.*a conflict only the cancel operation gives/);
  });
});

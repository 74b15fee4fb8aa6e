// AUTH-PATH-SPELLING-401 spells its sampled kinds on the list when the pets read is not served with the key: a
// catch-all 404 there answers every spelling alike, so a case bypass sampled on pets would go unseen
// (auth-path-case-bypass beside pets-not-routed, seed 11, was missed before).
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('path spellings beside an unrouted pets read', () => {
  it('still catch a case bypass of the orders routes', { timeout: 120_000 }, async () => {
    const server = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['auth-path-case-bypass', 'pets-not-routed'],
    });
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE, '--only', 'AUTH-PATH-SPELLING-401'], {
      env: targetEnv(server),
    });
    const c = checkOf(run, 'AUTH-PATH-SPELLING-401');
    expect(c.status, `${c.message}\n${run.stdout}`).toBe('fail');
    expect(c.details.join('\n')).toMatch(/spelled on the list instead/);
  });
});

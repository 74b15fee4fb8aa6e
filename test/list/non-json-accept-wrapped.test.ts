// LIST-NON-JSON-ACCEPT judges the status of a list asked with an Accept admitting no JSON even when the plain
// list is no JSON array: a 404 to "Accept: text/html" is wrong whatever the 200 holds (list-wrapped beside
// list-404-non-json-accept skipped it before).
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('LIST-NON-JSON-ACCEPT beside a list that is no JSON array', () => {
  it('fails a 404 to text/html, and skips a 200 it has nothing to compare with', {
    timeout: 120_000,
  }, async () => {
    const only = ['--only', 'LIST-NON-JSON-ACCEPT,LIST-BODY-ARRAY'];
    const faulty = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['list-wrapped', 'list-404-non-json-accept'],
    });
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE, ...only], { env: targetEnv(faulty) });
    const c = checkOf(run, 'LIST-NON-JSON-ACCEPT');
    expect(c.status, c.message).toBe('fail');
    expect(c.message).toMatch(/text\/html.*404/);

    const wrapped = await reference({ rateLimit: ROOMY_RATE_LIMIT, faults: ['list-wrapped'] });
    const alone = await runCliInProcess(['--seed', '11', ...NO_PROBE, ...only], { env: targetEnv(wrapped) });
    const d = checkOf(alone, 'LIST-NON-JSON-ACCEPT');
    expect(d.status, d.message).toBe('skip');
    expect(d.message).toMatch(/not a JSON array/);
  });
});

// HTTP-SURFACE-PROPERTY still sends the fixed cases a counterexample cut off: beside list-406-accept-wildcard-
// subtype (its 406 to "Accept: application/*" ends the property) the POST of the list goes out, and the
// framework's 405 page of http-write-405-html shows in the whole-run checks (it was never sent before).
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('the request surface after a counterexample', () => {
  it('sends the fixed cases left, judged by the whole-run checks', { timeout: 120_000 }, async () => {
    const server = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['list-406-accept-wildcard-subtype', 'http-write-405-html'],
    });
    const only = ['--only', 'HTTP-SURFACE-PROPERTY,RL-HEADERS-PRESENT,ERR-BODY-SCHEMA'];
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE, ...only], { env: targetEnv(server) });
    const surface = checkOf(run, 'HTTP-SURFACE-PROPERTY');
    expect(surface.status, surface.message).toBe('fail');
    expect(surface.message).toMatch(/406/);
    for (const id of ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA']) {
      const c = checkOf(run, id);
      expect(c.status, `${id}: ${c.message}\n${run.stdout}`).toBe('fail');
    }
  });
});

// The probe walking the list behind a front's cache (mod_cache honouring the list's public max-age, the
// absent-id 404 carrying no X-RateLimit-*): the cached lists never count, so the walk goes on with the
// cancel of the id it proved absent, reaches the 429, and the checks past it are judged, not left out.
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';

const servers: RunningReference[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('the rate-limit walk behind a cache of the list', () => {
  it('switches to a cancel the limiter counts and judges what lies past the 429', async () => {
    const server = await startReferenceServer({
      rateLimit: { limit: 6, windowSeconds: 4 },
      banAfter: 1,
      faults: ['ratelimit-list-front-cache', 'ratelimit-headers-missing-on-404'],
    });
    servers.push(server);
    const run = await runCliInProcess(['--seed', '5', '--only', 'RL-PROBE'], { env: targetEnv(server) });
    expect(run.stdout).toMatch(/the limiter does not see it, so the walk repeats DELETE/);
    for (const id of [
      'RL-PROBE-LIMIT-ENFORCED',
      'RL-PROBE-429-HEADERS',
      'RL-PROBE-429-BODY',
      'RL-PROBE-RECOVERY',
    ]) {
      const c = checkOf(run, id);
      expect(c.status, `${id}: ${c.message}\n${run.stdout}`).toBe('pass');
    }
    expect(checkOf(run, 'RL-PROBE-LIMITER-MODEL').message).toMatch(/as a front's cache does/);
    expect(server.stats().early, 'requests sent inside a Retry-After period').toBe(0);
    expect(server.stats().bans).toBe(0);
  }, 60_000);
});

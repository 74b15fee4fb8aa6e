// What the run's own answers say about the key's count reaches the burst: a Remaining the run saw keep a count
// per path (or fall by two for some requests) sizes no concurrent requests, however cleanly the walk counted.
import { describe, expect, it } from 'vitest';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('the burst and the whole run', () => {
  it('sends no burst on a Remaining the run saw keep a count per path, and the key is never banned', {
    timeout: 120_000,
  }, async () => {
    const server = await reference({
      rateLimit: { limit: 20, windowSeconds: 2 },
      banAfter: 1,
      faults: ['ratelimit-bucket-per-path'],
    });
    const run = await runCliInProcess(['--seed', '11', '--burst', '--property-runs', '2'], {
      env: targetEnv(server),
    });
    const summary = `${run.stdout}\n${run.stderr}`;
    // The walk repeats one path, whose own count falls by one a request: the probe alone would send it.
    expect(checkOf(run, 'RL-PROBE-REMAINING-COUNTS').status, summary).toBe('pass');
    expect(checkOf(run, 'RL-BUCKET-ONE-COUNT').status, summary).toBe('warn');
    const burst = checkOf(run, 'RL-PROBE-BURST');
    expect(burst.status, summary).toBe('skip');
    expect(burst.message).toMatch(
      /not sent: the run's answers show .*separate count per path .*RL-BUCKET-ONE-COUNT/,
    );
    expect(
      run.report!.checks.filter((c) => c.status === 'error'),
      summary,
    ).toEqual([]);
    expect(server.stats().early).toBe(0);
    expect(server.stats().bans).toBe(0);
  });
});

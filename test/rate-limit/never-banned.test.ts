// Never banned: against a strict server (a ban on the first early request) whose X-RateLimit-Remaining never
// falls, the opt-in burst does not run and the key is never banned; and when a target does ban the key, the
// run says so loudly, records it at the top of report.json and ends incomplete (exit 3).
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { closeAll, runAgainst } from '../hostile/support.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('never banned', () => {
  it('skips the burst when the walk proved Remaining frozen, so a strict server never bans the key', async () => {
    const server = await reference({
      rateLimit: { limit: 5, windowSeconds: 2 },
      banAfter: 1,
      faults: ['ratelimit-remaining-stuck'],
    });
    const run = await runCliInProcess(['--seed', '3', '--only', 'RL-', '--burst'], {
      env: targetEnv(server),
    });
    expect(server.stats(), run.stdout).toMatchObject({ early: 0, bans: 0 });
    expect(run.report!.bans).toEqual([]);
    const burst = checkOf(run, 'RL-PROBE-BURST');
    expect(burst.status).toBe('skip');
    expect(burst.message).toMatch(/X-RateLimit-Remaining unreliable .* banned/);
    expect(checkOf(run, 'RL-PROBE-REMAINING-COUNTS').status).toBe('fail');
    expect(run.code).toBe(1);
  }, 30_000);

  it('reports a ban the target announces: console, report.json at the top, exit 3', async () => {
    const server = await reference({
      rateLimit: { limit: 2, windowSeconds: 2 },
      banAfter: 1,
      banSeconds: 2,
    });
    // Someone else's traffic got the key banned before the run: a 429, then an early request.
    for (let i = 0; i < 4; i++) {
      const res = await request(`${server.baseUrl}/store/orders`, {
        headers: { authorization: `Bearer ${server.demoKey}` },
      });
      await res.body.dump();
    }
    expect(server.stats().bans).toBe(1);
    const run = await runCliInProcess(
      ['--seed', '3', '--only', 'LIST-STATUS-200', '--skip-rate-limit-probe'],
      {
        env: targetEnv(server),
      },
    );
    expect(run.stdout).toMatch(
      /!!! KEY BANNED: the target banned the primary credential for 2 s \(Error code "KEY_BANNED"/,
    );
    const report = run.report!;
    expect(Object.keys(report).indexOf('bans')).toBeLessThan(Object.keys(report).indexOf('checks'));
    expect(report.bans).toEqual([
      expect.objectContaining({ bucket: 'primary', seconds: 2, evidence: 'Error code "KEY_BANNED"' }),
    ]);
    expect(report.incompleteReasons.join('\n')).toMatch(/banned the primary credential for 2 s/);
    expect(report.verdict).toBe('incomplete');
    expect(run.code).toBe(3);
  }, 30_000);

  it('backs off exponentially after a 429 that says Retry-After: 0 while the limit holds: found, never banned', async () => {
    try {
      // The reference bans after 3 requests inside its own Retry-After; this proxy tells the client 0.
      const run = await runAgainst(
        async (x) => {
          const a = await x.upstream();
          x.reply(a.status === 429 ? { ...a, headers: { ...a.headers, 'retry-after': '0' } } : a);
        },
        ['--only', 'RL-', '--burst'],
        {},
        {
          runArgs: ['--seed', '3', '--timeout-ms', '2000', '--max-wait-seconds', '20'],
          rateLimit: { limit: 5, windowSeconds: 3 },
        },
      );
      expect(run.upstream.stats().bans, run.stdout).toBe(0);
      expect(run.report!.bans).toEqual([]);
      // The Retry-After that did not hold is the deviation; every other probe check was judged.
      expect(checkOf(run, 'RL-PROBE-RECOVERY').message).toMatch(
        /limit did not lift when the client was told/,
      );
      const leftOut = run.report!.evaluation.notEvaluated.map((n) => n.id);
      // KEY-SPELLING judges a spelling AUTH-SCHEME-CASE-INSENSITIVE sends, which --only RL- leaves out.
      expect(leftOut).toEqual(['RL-PROBE-PLAN-LIMIT', 'RL-PROBE-KEY-SPELLING', 'RL-PROBE-SECOND-KEY']);
      // Waits grew between the 429s: Retry-After said 0, the backoff 1 s, then more.
      expect(run.stdout).toMatch(/waiting 1(\.\d)? s as the 429 said \(Retry-After: 0\)/);
    } finally {
      await closeAll();
    }
  }, 60_000);
});

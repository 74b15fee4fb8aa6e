// AUTH-BEFORE-EXISTENCE against a server that cancels unknown ids without a key: the 2xx to its absent-id
// cancel closes the run's DELETE gate (suites/kit/delete-gate.ts), so its malformed-id cancel is not sent,
// and the check still fails on what it saw instead of being left out by the gate's refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, runAgainst } from '../hostile/support.ts';

afterEach(closeAll);

describe('AUTH-BEFORE-EXISTENCE beside a closed DELETE gate', () => {
  it('fails on the served absent-id cancel and sends no malformed one', { timeout: 60_000 }, async () => {
    const run = await runAgainst(
      async (x) => {
        const unguardedCancel =
          x.req.method === 'DELETE' &&
          !x.req.headers.authorization &&
          /\/store\/orders\/\d+$/.test(x.req.target);
        if (unguardedCancel) return x.reply({ status: 204, headers: {}, body: Buffer.alloc(0) });
        x.reply(await x.upstream());
      },
      ['--only', 'AUTH-BEFORE-EXISTENCE', '--trust-order-list'],
    );
    const c = run.report!.checks.find((k) => k.id === 'AUTH-BEFORE-EXISTENCE')!;
    expect(c.status, `${c.message}\n${run.stdout}`).toBe('fail');
    expect(c.details.join('\n')).toMatch(/malformed-id cancel not sent/);
    expect(run.server.requests.filter((r) => /\/store\/orders\/\d+x$/.test(r.target))).toEqual([]);
  });
});

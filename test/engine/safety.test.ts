// The safety contract towards a target (docs/safety.md), proven against the reference server: the budget is never
// exceeded, only the orders handed over are cancelled (the command's main() in this process), and no key is ever
// printed or written (the spawned command: its every line and file, a stray write included).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOf, runCli, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('safety towards the target', () => {
  it('never sends more requests than --max-requests, and says which checks the budget left out', async () => {
    const server = await reference();
    const run = await runCliInProcess(['--max-requests', '12', '--skip-rate-limit-probe'], {
      env: targetEnv(server),
    });
    expect(server.stats().requests).toBeLessThanOrEqual(12);
    expect(run.report!.requests).toEqual({ sent: server.stats().requests, budget: 12 });
    const starved = run.report!.checks.filter((c) => /--max-requests/.test(c.message));
    expect(starved.length).toBeGreaterThan(0);
    expect(run.code).not.toBe(1);
  });

  it('cancels only the orders handed over in --cancellable-order-ids', async () => {
    const server = await reference();
    const env = { ...targetEnv(server), ORDER_STORE_CANCELLABLE_ORDER_IDS: '3' };
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--seed', '5'], { env });
    expect(checkOf(run, 'CANCEL-PENDING-204').status).toBe('pass');
    // The one fixture, taken by the first cancel, is what its readers judge: none is left out for want of it.
    for (const id of ['CANCEL-204-NO-CONTENT', 'CANCEL-REPEAT-NOT-2XX'])
      expect(checkOf(run, id).status, id).toBe('pass');
    const cancelled = server
      .orders()
      .filter((o) => o.status === 'cancelled')
      .map((o) => o.id);
    expect(cancelled).toEqual(['3']);
  });

  it('cancels nothing without fixtures, and skips the checks that need one naming the setting', async () => {
    const server = await reference();
    const run = await runCliInProcess(['--skip-rate-limit-probe'], {
      env: { ORDER_STORE_BASE_URL: server.baseUrl, ORDER_STORE_API_KEY: server.demoKey },
    });
    expect(server.orders().filter((o) => o.status === 'cancelled')).toEqual([]);
    expect(checkOf(run, 'CANCEL-PENDING-204')).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(/--cancellable-order-ids \/ ORDER_STORE_CANCELLABLE_ORDER_IDS/),
    });
    expect(checkOf(run, 'CANCEL-SHIPPED-409')).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(/--shipped-order-ids/),
    });
    expect(run.code).toBe(0);
  });

  it('never prints or writes either key, even when the key travels in a query string', async () => {
    const second = 'osk_second_key_for_safety_9876';
    const server = await reference({
      // A short window, so the later look (STATE-) waits seconds, not the roomy default's minute.
      rateLimit: { limit: 10_000, windowSeconds: 5 },
      keys: [
        { key: 'osk_first_key_for_safety_1234', plan: 'pro' },
        { key: second, plan: 'pro' },
      ],
      faults: ['auth-query-key'],
    });
    const env = { ...targetEnv(server), ORDER_STORE_SECOND_API_KEY: second };
    const run = await runCli(['--seed', '3', '--allow-key-in-url'], { env, timeoutMs: 110_000 });
    expect(run.report).toBeDefined();
    const texts = [run.stdout, run.stderr, ...filesUnder(run.reportDir).map((f) => readFileSync(f, 'utf8'))];
    for (const t of texts) {
      expect(t).not.toContain(server.demoKey);
      expect(t).not.toContain(second);
      expect(t).not.toContain(encodeURIComponent(server.demoKey));
    }
    // The query-key finding still reproduces: the curl line names the variable.
    expect(checkOf(run, 'AUTH-QUERY-KEY-401').reproduction.join('\n')).toContain(
      'api_key=$ORDER_STORE_API_KEY',
    );
  }, 120_000);
});

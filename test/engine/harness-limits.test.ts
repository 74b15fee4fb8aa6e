// A limit of the harness is never blamed on the target: a list larger than --max-response-bytes ends the
// checks that read it in error, names the setting to raise, and leaves the run incomplete (exit 3).
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS, type SeedOrder } from '../../reference/server.ts';
import { checkOf, runCli, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

/** The default orders and enough more that the list is well over the smallest cap (1024 bytes). */
function manyOrders(extra: number): SeedOrder[] {
  const more = Array.from({ length: extra }, (_, i) => ({
    id: BigInt(5000 + i),
    petId: BigInt(600 + i),
    quantity: 1,
    shipDate: '2026-11-22T10:00:00Z',
    complete: false,
    status: 'pending' as const,
  }));
  return [...DEFAULT_ORDERS, ...more];
}

describe('harness limits', () => {
  it('a list over --max-response-bytes is an error naming the setting, never a failure (exit 3)', async () => {
    const server = await reference({ orders: manyOrders(40) });
    const run = await runCli(['--only', 'LIST', '--max-response-bytes', '1024'], { env: targetEnv(server) });
    const summary = `${run.stdout}\n${run.stderr}`;
    expect(run.code, summary).toBe(3);
    expect(run.report!.verdict).toBe('incomplete');
    expect(run.report!.checks.filter((c) => c.status === 'fail' || c.status === 'pass')).toEqual([]);
    const status = checkOf(run, 'LIST-STATUS-200');
    expect(status.status).toBe('error');
    expect(status.message).toMatch(
      /^E_RESPONSE_TOO_LARGE: GET .*\/store\/orders: .*1024 bytes.*raise --max-response-bytes \/ ORDER_STORE_MAX_RESPONSE_BYTES/,
    );
    // The exchange is still evidence: the status line and headers arrived.
    expect(status.exchanges[0]?.response?.status).toBe(200);
    expect(checkOf(run, 'LIST-BODY-ARRAY').status).toBe('error');
    expect(run.stdout).not.toMatch(/FAIL/);
  });
});

// A key the target refuses is the configuration's fault, not the server's: a 401 to the first request with the
// key stops the run before any check judges, exit 2, one line naming ORDER_STORE_API_KEY; a CI secret rotated
// under the gate never reads as a server regression. Only the explicit opt-in judges it as the server's failure.
import { describe, expect, it } from 'vitest';
import { KeyRefusedError, runConformance } from '../../api/index.ts';
import type { RunningReference } from '../../reference/server.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';
import { call } from '../support/reference-calls.ts';

const WRONG = 'osk_rotated_key_0000000000';

/** A reference whose per-address window (2 a second) is spent, so a wrong key's first request meets a 429. */
async function addressSpent(): Promise<RunningReference> {
  const server = await reference({ rateLimit: { limit: 2, windowSeconds: 1 } });
  for (let i = 0; i < 3; i++) await call(server, '/store/orders', { key: null });
  return server;
}

describe('a refused key', () => {
  it('stops after the first request with exit 2 and one line naming the setting; nothing judged', async () => {
    const server = await reference();
    const run = await runCliInProcess(['--skip-rate-limit-probe'], {
      env: { ...targetEnv(server), ORDER_STORE_API_KEY: WRONG },
    });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^order-store-conformance: the target refused the API key \(401 to GET .*\/store\/orders, the first request that carried it\): check ORDER_STORE_API_KEY \(--api-key\)/,
    );
    expect(run.stdout + run.stderr).not.toContain(WRONG);
    expect(run.stdout).not.toMatch(/Verdict|FAIL|ERROR/);
    expect(server.stats().requests).toBe(1);
    // The report says the same: no verdict on any check, the gate's exit code is the command's.
    expect(run.report!.checks).toEqual([]);
    expect(run.report!.verdict).toBe('incomplete');
    expect(run.report!.gate).toMatchObject({ passed: false, exitCode: 2 });
    expect(run.report!.incompleteReasons[0]).toMatch(/ORDER_STORE_API_KEY/);
    expect(run.junit).toMatch(/name="RUN-COMPLETE"/);
  });

  it('--refused-key-is-failure certifies a server that refuses every key: judged, non-conformant', async () => {
    const server = await reference();
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--only', 'LIST,CANCEL'], {
      env: { ...targetEnv(server), ORDER_STORE_API_KEY: WRONG, ORDER_STORE_REFUSED_KEY_IS_FAILURE: 'true' },
    });
    expect(run.code, run.stderr).toBe(1);
    expect(checkOf(run, 'LIST-STATUS-200')).toMatchObject({ status: 'fail' });
    expect(checkOf(run, 'LIST-STATUS-200').message).toMatch(/401/);
    expect(run.report!.verdict).toBe('non-conformant');
  });

  it('the right key is not affected: a 401 to another credential later is judged as usual', async () => {
    const server = await reference({ faults: ['auth-scheme-case-sensitive'] });
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--only', 'LIST-STATUS,AUTH-SCHEME'], {
      env: targetEnv(server),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(checkOf(run, 'LIST-STATUS-200').status).toBe('pass');
    expect(checkOf(run, 'AUTH-SCHEME-CASE-INSENSITIVE').status).toBe('warn');
  });

  it('after a 429 to its first request and the wait, a 401 to the key is still the key: exit 2', async () => {
    const server = await addressSpent();
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--only', 'LIST,CANCEL'], {
      env: { ...targetEnv(server), ORDER_STORE_API_KEY: WRONG },
    });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/the target refused the API key \(401 to GET .*ORDER_STORE_API_KEY/);
    expect(run.stdout).not.toMatch(/FAIL|NON-CONFORMANT/);
    expect(run.report!.checks).toEqual([]);
    expect(run.report!.gate.exitCode).toBe(2);
  });

  it('through the API, the same 429 first is a KeyRefusedError, not a non-conformant report', async () => {
    const server = await addressSpent();
    const error = await runConformance({
      baseUrl: server.baseUrl,
      apiKey: WRONG,
      skipRateLimitProbe: true,
      only: ['LIST', 'CANCEL'],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyRefusedError);
    expect((error as KeyRefusedError).report.gate.exitCode).toBe(2);
  });

  it('a refused second key is exit 2 naming ORDER_STORE_SECOND_API_KEY; with the opt-in it is judged', async () => {
    const server = await reference({ rateLimit: { limit: 5, windowSeconds: 1 } });
    const env = { ...targetEnv(server), ORDER_STORE_SECOND_API_KEY: 'osk_second_rotated_00000' };
    const run = await runCliInProcess(['--only', 'RL-PROBE', '--seed', '5'], { env });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /^order-store-conformance: the target refused the second API key \(401 to [A-Z]+ .*\): check ORDER_STORE_SECOND_API_KEY \(--second-api-key\)/,
    );
    expect(run.stdout + run.stderr).not.toContain('osk_second_rotated_00000');
    const judged = await runCliInProcess(['--only', 'RL-PROBE', '--seed', '5'], {
      env: { ...env, ORDER_STORE_REFUSED_KEY_IS_FAILURE: 'true' },
    });
    expect(judged.code, judged.stdout + judged.stderr).not.toBe(2);
  });
});

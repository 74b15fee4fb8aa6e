// The vitest adapter in an implementer's project: vitest runs a sample test file that calls
// conformanceSuite() against the reference server. Clean: every check a test, passed or skipped with its
// reason. With faults: the checks that catch them fail with requirement, evidence and curl line. -t runs
// only the tests it names, and the run behind them sends only what those checks need, once.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listChecks } from '../../api/index.ts';
import { testName } from '../../api/vitest.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { ROOT } from '../support/cli.ts';
import { call } from '../support/reference-calls.ts';
import { installedProject, runSample } from '../support/sample-project.ts';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/** A window short enough that the probe's wait is about a second. */
const SHORT_WINDOW = { limit: 40, windowSeconds: 1 };

/** A project whose node_modules holds this package (built in dist/) and vitest, as an install would. */
const project = () => installedProject('osc-vitest-');

/** The reference server for one test, closed by the test itself (the tests go side by side). */
async function target(faults: string[] = []) {
  const server = await startReferenceServer({ faults, rateLimit: SHORT_WINDOW });
  const env = {
    STAGING_URL: server.baseUrl,
    STAGING_KEY: server.demoKey,
    PENDING_IDS: server.fixtures.pending.join(','),
    SHIPPED_IDS: server.fixtures.shipped.join(','),
  };
  return { server, env };
}

// Each test runs vitest in a child and mostly waits on it or on a window: side by side (vitest's maxConcurrency).
describe.concurrent('conformanceSuite in a vitest project', () => {
  it('clean: one test per check, each passed or skipped with its reason; the key never shown', async () => {
    const { server, env } = await target();
    const run = await runSample(project(), VITEST, env).finally(() => server.close());
    expect(run.code, run.output).toBe(0);
    const ids = listChecks().map((c) => c.id);
    expect(run.tests.size).toBe(ids.length + 1);
    for (const c of listChecks()) expect(run.tests.get(testName(c)), c.id).toBeDefined();
    expect([...run.tests.values()].every((t) => t.status === 'passed' || t.status === 'skipped')).toBe(true);
    expect(
      run.tests.get('RUN-COMPLETE the run finished and evaluated every selected check it could')!.status,
    ).toBe('passed');
    // A check the settings leave out is skipped, its reason shown.
    expect(
      run.tests.get([...run.tests.keys()].find((k) => k.startsWith('RL-PROBE-PLAN-LIMIT '))!)!.status,
    ).toBe('skipped');
    // The API's words: the setting's key, as the caller's settings object names it.
    expect(run.output).toMatch(/RL-PROBE-PLAN-LIMIT .*needs the key's plan: set plan\b/);
    expect(run.output).not.toMatch(/⟦|--plan|ORDER_STORE_PLAN/);
    expect(run.output).not.toContain(server.demoKey);
    // While the run goes, a line per spec area as it completes (vitest itself shows nothing until the end).
    expect(run.output).toMatch(/order-store-conformance: LIST done, \d+ checks \(\d+ pass/);
  }, 120_000);

  it('with faults: the checks that catch them fail with requirement, evidence and the curl line', async () => {
    const { server, env } = await target(['list-wrapped', 'auth-no-www-authenticate']);
    const run = await runSample(project(), VITEST, env).finally(() => server.close());
    expect(run.code, run.output).toBe(1);
    const failed = [...run.tests]
      .filter(([, t]) => t.status === 'failed')
      .map(([name]) => name.split(' ')[0]);
    expect(failed).toEqual(expect.arrayContaining(['LIST-BODY-ARRAY', 'AUTH-WWW-AUTHENTICATE']));
    const body = [...run.tests].find(([name]) => name.startsWith('LIST-BODY-ARRAY '))![1].failure;
    expect(body).toMatch(/^Error: LIST-BODY-ARRAY \(MUST, spec §4 listOrders/);
    expect(body).toMatch(/Requirement: /);
    expect(body).toMatch(/Evidence:\n {2}#\d+ GET http:\/\/127\.0\.0\.1:\d+\/v1\/store\/orders -> 200/);
    expect(body).toMatch(/Reproduce:\n {2}curl .*\$ORDER_STORE_API_KEY/);
    expect(run.output).not.toContain(server.demoKey);
  }, 120_000);

  it('-t by id runs only the checks whose id starts with it, and the one run sends only what they need', async () => {
    const { server, env } = await target();
    const run = await runSample(project(), VITEST, env, ['-t', 'LIST-IDS-']).finally(() => server.close());
    expect(run.code, run.output).toBe(0);
    const ran = [...run.tests].filter(([, t]) => t.status === 'passed').map(([name]) => name.split(' ')[0]);
    // vitest matches EVERY-LIST-IDS-... too (the pattern anywhere in a name): read as an id, it means LIST-IDS-.
    expect(ran.sort()).toEqual(['LIST-IDS-INT64', 'LIST-IDS-UNIQUE']);
    expect(
      run.tests.get([...run.tests.keys()].find((k) => k.startsWith('EVERY-LIST-IDS-INT64 '))!)!.status,
    ).toBe('skipped');
    // All read the one order list: one request for the whole run, not one per test.
    expect(server.stats().requests).toBe(1);
  }, 120_000);

  it('a wrong setting fails the file at collection, naming the settings key', async () => {
    const { server, env } = await target();
    const run = await runSample(project(), VITEST, { ...env, STAGING_KEY: 'has space' }).finally(() =>
      server.close(),
    );
    expect(run.code).toBe(1);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its output
    expect(run.output.replace(/\u001b\[\d+m/g, '')).toMatch(/UsageError: apiKey contains whitespace/);
    expect(run.output).not.toMatch(/ORDER_STORE_API_KEY|--api-key/);
  }, 120_000);

  it('a refused key, even behind a first 429, fails the file as a KeyRefusedError, never as check failures', async () => {
    // A window long enough to outlast vitest's start in the child beside the other tests' children: the wrong
    // key's first request meets a 429.
    const server = await startReferenceServer({ rateLimit: { limit: 2, windowSeconds: 30 } });
    // The client address's window spent: the wrong key's first request meets a 429, then its 401.
    for (let i = 0; i < 3; i++) await call(server, '/store/orders', { key: null });
    const env = {
      STAGING_URL: server.baseUrl,
      STAGING_KEY: 'osk_rotated_key_0000000000',
      PENDING_IDS: server.fixtures.pending.join(','),
      SHIPPED_IDS: server.fixtures.shipped.join(','),
    };
    const run = await runSample(project(), VITEST, env, ['-t', 'LIST-STATUS-']).finally(() => server.close());
    expect(run.code).toBe(1);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its output
    const output = run.output.replace(/\u001b\[\d+m/g, '');
    expect(output).toMatch(/KeyRefusedError: the target refused the API key \(401 to GET .*check apiKey/);
    expect(output).not.toMatch(/LIST-STATUS-200 \(MUST/);
    expect(server.stats().limited).toBeGreaterThan(0);
  }, 120_000);
});

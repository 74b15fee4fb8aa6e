// The passive judge as the package gives it: judgeTraffic() over a HAR or over exchanges a caller captured,
// and trafficSuite() registering one vitest test per check in an implementer's project, over a recording.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeTraffic, listChecks, type TrafficExchange, UsageError } from '../../api/index.ts';
import { ROOT } from '../support/cli.ts';
import { devtoolsHar, recordClient } from '../support/passive.ts';
import { installedProject, runSample } from '../support/sample-project.ts';

const WINDOW = { limit: 20, windowSeconds: 2 };

const recording = (faults: string[] = []) => recordClient(faults, WINDOW);

describe('judgeTraffic', () => {
  it('judges exchanges a caller captured, as it judges a HAR, and writes nothing without a reportDir', async () => {
    const { entries } = await recording(['list-wrapped']);
    const exchanges: TrafficExchange[] = entries.map((e) => ({
      startedAt: new Date(e.startedMs),
      durationMs: e.durationMs,
      request: { method: e.method, url: e.url, headers: e.requestHeaders },
      ...(e.status > 0
        ? {
            response: {
              status: e.status,
              headers: Object.fromEntries(e.responseHeaders),
              body: e.body ?? '',
            },
          }
        : {}),
    }));
    const fromExchanges = await judgeTraffic(exchanges);
    const fromHar = await judgeTraffic(devtoolsHar(entries));
    expect(fromExchanges.checks.find((c) => c.id === 'LIST-BODY-ARRAY')?.status).toBe('fail');
    expect(fromExchanges.gate.exitCode).toBe(1);
    expect(fromExchanges.traffic?.sources).toEqual([{ name: 'exchanges', entries: entries.length }]);
    expect(fromHar.checks.find((c) => c.id === 'LIST-BODY-ARRAY')?.status).toBe('fail');
  });

  it('refuses a setting of a run that sends, and traffic with nothing of the API, as UsageError', async () => {
    await expect(judgeTraffic('{"log":{"entries":[]}}')).rejects.toThrow(UsageError);
    await expect(judgeTraffic([], { burst: true } as never)).rejects.toThrow(
      /burst is not a setting of judgeTraffic: it sends nothing/,
    );
  });
});

describe('trafficSuite in a vitest project', () => {
  it('one test per check over a recording: a failure fails its test, what was not observed is skipped', async () => {
    const { entries, key } = await recording(['list-wrapped']);
    const dir = installedProject('osc-vitest-traffic-');
    writeFileSync(join(dir, 'staging.har'), devtoolsHar(entries));
    const source = `import { readFileSync } from 'node:fs';
import { trafficSuite } from 'order-store-conformance/vitest';

trafficSuite(() => readFileSync('staging.har', 'utf8'), { apiKey: process.env.STAGING_KEY });
`;
    const run = await runSample(
      dir,
      join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      { STAGING_KEY: key },
      [],
      90_000,
      source,
    );
    expect(run.code, run.output).toBe(1);
    expect(run.tests.size).toBe(listChecks().length + 1);
    const byId = (id: string) => [...run.tests].find(([name]) => name.startsWith(`${id} `))![1];
    expect(byId('LIST-BODY-ARRAY').status).toBe('failed');
    expect(byId('LIST-BODY-ARRAY').failure).toMatch(/Requirement: /);
    expect(byId('RL-PROBE-BURST').status).toBe('skipped');
    expect(byId('AUTH-MISSING-401').status).toBe('passed');
    expect(run.output).toMatch(/RL-PROBE-BURST .*not observed: only what this suite sends shows it/);
    expect(run.output).not.toContain(key);
  }, 120_000);
});

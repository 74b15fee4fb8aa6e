// The list checks that compare later lists with the first one judge a store too large for the transcript's
// 16 KiB as they judge a small one, live and recorded alike: the same bytes as the first list, or the list
// body read whole as it arrived, decide, where the recorded judges once found nothing they could compare.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { judgeTraffic } from '../../api/index.ts';
import type { Report } from '../../lib/report/model.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { checkOf, explain, runCliInProcess, targetEnv } from '../support/cli.ts';
import { devtoolsHar, recordThrough } from '../support/passive.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';

const IDS = ['LIST-JSON-ANY-ACCEPT', 'LIST-NO-NARROWING'];

const statuses = (r: Report) =>
  Object.fromEntries(IDS.map((id) => [id, r.checks.find((c) => c.id === id)?.status]));

/** A large store (50,000 orders) with `faults`: the run's verdicts, and those of a client's recording of it. */
async function judged(
  faults: string[],
): Promise<{ live: Record<string, string | undefined>; recorded: Report }> {
  const server = await startReferenceServer({
    variants: ['large-store'],
    faults,
    rateLimit: ROOMY_RATE_LIMIT,
  });
  try {
    const run = await runCliInProcess(['--only', IDS.join(','), '--skip-rate-limit-probe'], {
      env: targetEnv(server),
    });
    for (const id of IDS) expect(checkOf(run, id).status, explain(run, id)).not.toBe('error');
    const live = statuses(run.report!);
    // A client that lists as the suite does: JSON, as curl asks, and with a query.
    const entries = await recordThrough(new URL(server.baseUrl).origin, async (base) => {
      for (const [path, accept] of [
        ['/store/orders', 'application/json'],
        ['/store/orders', '*/*'],
        ['/store/orders?limit=1&offset=1&status=pending', 'application/json'],
      ] as const) {
        const res = await request(`${base}${path}`, {
          headers: { authorization: `Bearer ${server.demoKey}`, accept },
        });
        await res.body.dump({ limit: 64 * 1024 * 1024 });
      }
    });
    const recorded = await judgeTraffic(devtoolsHar(entries), { apiKey: server.demoKey, only: IDS });
    return { live, recorded };
  } finally {
    await server.close();
  }
}

describe('lists beyond the transcript’s 16 KiB', () => {
  it('a faithful large store passes both checks, in the run and in its recording', {
    timeout: 60_000,
  }, async () => {
    const { live, recorded } = await judged([]);
    const both = { 'LIST-JSON-ANY-ACCEPT': 'pass', 'LIST-NO-NARROWING': 'pass' };
    expect(live).toEqual(both);
    expect(statuses(recorded), JSON.stringify(recorded.checks.map((c) => c.message))).toEqual(both);
    // One list of each kind besides the first, counted as one.
    const accept = recorded.checks.find((c) => c.id === 'LIST-JSON-ANY-ACCEPT')!;
    expect(accept.message).toMatch(/gets the JSON array too \(1 list\)$/);
  });

  it('a large store answering "Accept: */*" with XML fails in the run and in its recording', {
    timeout: 60_000,
  }, async () => {
    const { live, recorded } = await judged(['list-xml-unless-json-asked']);
    expect(live['LIST-JSON-ANY-ACCEPT']).toBe('fail');
    const check = recorded.checks.find((c) => c.id === 'LIST-JSON-ANY-ACCEPT')!;
    expect(check.status, check.message).toBe('fail');
    expect(check.message).toMatch(
      /answered 200 \(application\/xml[^)]*\), \d+-byte body, not the JSON array/,
    );
  });
});

// A team's own client, not this suite, as the traffic: the client workload recorded through the proxy against
// the reference server, faithful (judged conformant) and with faults its requests run into (each judged
// failing by the check the fault names). The suite's own runs are judged passively by the fault, variant and
// zoo matrices; this is the traffic a passive user actually has.
import { describe, expect, it } from 'vitest';
import { judgeTraffic } from '../../api/index.ts';
import { devtoolsHar, loud, recordClient } from '../support/passive.ts';

const WINDOW = { limit: 20, windowSeconds: 2 };

/** The fault, and the check that names it which the client's traffic runs into. */
const FAULTS: Array<[fault: string, check: string]> = [
  ['list-wrapped', 'LIST-BODY-ARRAY'],
  ['list-xml-unless-json-asked', 'LIST-JSON-ANY-ACCEPT'],
  ['list-query-narrows', 'LIST-NO-NARROWING'],
  ['cancel-200-instead-of-204', 'CANCEL-PENDING-204'],
  ['cancel-repeat-204', 'CANCEL-REPEAT-NOT-2XX'],
  ['cancel-unknown-204', 'CANCEL-UNKNOWN-404'],
  ['auth-any-token', 'AUTH-UNKNOWN-KEY-401'],
  ['orderid-malformed-500', 'ID-MALFORMED-4XX'],
  ['error-missing-message', 'ERR-BODY-SCHEMA'],
  ['ratelimit-retry-after-short', 'RL-PROBE-RECOVERY'],
];

describe('a client’s own traffic, judged', () => {
  it('faithful server: conformant, with no finding', async () => {
    const { entries, key, fixtures } = await recordClient([], WINDOW);
    const report = await judgeTraffic(devtoolsHar(entries), {
      apiKey: key,
      shippedOrderIds: fixtures.shipped,
      trustOrderList: true,
    });
    expect(loud(report)).toEqual([]);
    expect(report.verdict).toBe('conformant');
  });

  describe.concurrent.each(FAULTS)('with %s', (fault, check) => {
    it(`fails ${check}`, { timeout: 60_000 }, async () => {
      // A Retry-After too short shows only when the wait it names ends inside the window: a 4 s window walked
      // from its start (the 429 early in it), never one whose end falls within the wait by chance.
      const short = fault === 'ratelimit-retry-after-short';
      const { entries, key } = await recordClient(
        [fault],
        short ? { limit: 20, windowSeconds: 4 } : WINDOW,
        short,
      );
      // The key told, as a team judging its own staging traffic would tell it.
      const report = await judgeTraffic(devtoolsHar(entries), { apiKey: key, trustOrderList: true });
      const found = report.checks.find((c) => c.id === check)!;
      expect(found.status, `${found.message}\n${loud(report).join('\n')}`).toBe('fail');
      expect(report.gate.exitCode).toBe(1);
    });
  });
});

// The list sent with no key and with an unknown key goes right after a keyed 200 list of the same URL and Accept,
// so a shared cache that serves its stored list to anyone for seconds after storing it answers them (fault
// auth-list-front-cache). Reads the order of the run's own transcript.har.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../lib/formats/har.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const header = (hs: Array<[string, string]>, name: string) => hs.find(([n]) => n.toLowerCase() === name)?.[1];

describe('the key-less and unknown-key lists', () => {
  it('each follow a keyed 200 list of the same URL and Accept', async () => {
    const server = await reference();
    const run = await runCliInProcess(
      ['--only', 'AUTH-MISSING-401,AUTH-UNKNOWN-KEY-401', '--skip-rate-limit-probe', '--seed', '11'],
      { env: targetEnv(server) },
    );
    const said = `${run.stdout}\n${run.stderr}`;
    expect(run.code, said).toBe(0);
    const har = readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8');
    const xs = parseHar(har, 'transcript.har');
    const list = (e: (typeof xs)[number]) =>
      e.method === 'GET' && new URL(e.url).pathname.endsWith('/store/orders');
    const auth = (e: (typeof xs)[number]) => header(e.requestHeaders, 'authorization');
    const refused = xs.flatMap((e, i) => (list(e) && auth(e) !== 'Bearer $ORDER_STORE_API_KEY' ? [i] : []));
    // One with no key, one with a token never issued.
    expect(refused.map((i) => auth(xs[i]!)?.replace(/^(Bearer osc_unknown_).*/, '$1…'))).toEqual([
      undefined,
      'Bearer osc_unknown_…',
    ]);
    for (const i of refused) {
      const [before, after] = [xs[i - 1]!, xs[i]!];
      expect(list(before) && auth(before) === 'Bearer $ORDER_STORE_API_KEY', said).toBe(true);
      expect(before.status).toBe(200);
      expect(before.url).toBe(after.url);
      expect(header(before.requestHeaders, 'accept')).toBe(header(after.requestHeaders, 'accept'));
      expect(after.status).toBe(401);
    }
  });
});

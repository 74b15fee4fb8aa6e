// The list sent with no key and with an unknown key goes right after a keyed 200 list of the same URL and Accept,
// so a shared cache that serves its stored list to anyone for seconds after storing it answers them (fault
// auth-list-front-cache); the unknown key's needs none once the key-less one, sent so, was refused (that cache
// was not met). Reads the order of the run's own transcript.har.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../lib/formats/har.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const header = (hs: Array<[string, string]>, name: string) => hs.find(([n]) => n.toLowerCase() === name)?.[1];

type Entry = ReturnType<typeof parseHar>[number];
const list = (e: Entry) => e.method === 'GET' && new URL(e.url).pathname.endsWith('/store/orders');
const auth = (e: Entry) => header(e.requestHeaders, 'authorization');
const KEYED = 'Bearer $ORDER_STORE_API_KEY';

/** The run's entries, and the indexes of its lists sent with no key or a refused one. */
async function refusedLists(only: string): Promise<{ xs: Entry[]; refused: number[]; said: string }> {
  const server = await reference();
  const run = await runCliInProcess(['--only', only, '--skip-rate-limit-probe', '--seed', '11'], {
    env: targetEnv(server),
  });
  const said = `${run.stdout}\n${run.stderr}`;
  expect(run.code, said).toBe(0);
  const har = readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8');
  const xs = parseHar(har, 'transcript.har');
  return { xs, refused: xs.flatMap((e, i) => (list(e) && auth(e) !== KEYED ? [i] : [])), said };
}

function followsKeyedList(xs: Entry[], i: number, said: string): void {
  const [before, after] = [xs[i - 1]!, xs[i]!];
  expect(list(before) && auth(before) === KEYED, said).toBe(true);
  expect(before.status).toBe(200);
  expect(before.url).toBe(after.url);
  expect(header(before.requestHeaders, 'accept')).toBe(header(after.requestHeaders, 'accept'));
  expect(after.status).toBe(401);
}

describe('the key-less and unknown-key lists', () => {
  it('the key-less one follows a keyed 200 list; the unknown key’s then needs none', async () => {
    const { xs, refused, said } = await refusedLists('AUTH-MISSING-401,AUTH-UNKNOWN-KEY-401');
    // One with no key, one with a token never issued.
    expect(refused.map((i) => auth(xs[i]!)?.replace(/^(Bearer osc_unknown_).*/, '$1…'))).toEqual([
      undefined,
      'Bearer osc_unknown_…',
    ]);
    followsKeyedList(xs, refused[0]!, said);
    const keyedLists = xs.filter((e) => list(e) && auth(e) === KEYED);
    // The run's own list and the one before the key-less list: none more for the unknown key.
    expect(keyedLists, said).toHaveLength(2);
    expect(xs[refused[1]!]!.status).toBe(401);
  });

  it('the unknown key’s follows a keyed 200 list when no key-less list was refused before it', async () => {
    const { xs, refused, said } = await refusedLists('AUTH-UNKNOWN-KEY-401');
    expect(refused).toHaveLength(1);
    followsKeyedList(xs, refused[0]!, said);
  });
});

// No pass without evidence: a judgement over zero observations is "not evaluated", never a pass. Every
// check is run against a server that answers nothing at all, and every check that sends nothing of its own
// (the whole-run and probe judges) is run alone, so that nothing it could judge was sent: none passes.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../suites/index.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const KEY = 'osk_nothing_7c1d9e2b4a';
let silent: Server;
let silentUrl = '';

beforeAll(async () => {
  // Accepts every connection and closes it at once: no status line, ever.
  silent = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  silentUrl = `http://127.0.0.1:${address.port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const earned = (c: { status: string }) => c.status === 'pass' || c.status === 'info';

describe('no pass without evidence', () => {
  it('against a server that answers nothing, no check passes or records anything', async () => {
    const run = await runCliInProcess(['--seed', '4', '--timeout-ms', '300'], {
      env: {
        ORDER_STORE_BASE_URL: silentUrl,
        ORDER_STORE_API_KEY: KEY,
        ORDER_STORE_CANCELLABLE_ORDER_IDS: '1,2',
        ORDER_STORE_SHIPPED_ORDER_IDS: '5',
      },
    });
    // The preflight connects (the socket is accepted), so the run starts and every check meets the silence.
    const report = run.report!;
    expect(report.checks.filter(earned).map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(report.verdict).toBe('incomplete');
    // A target that answered nothing is unreachable, not failing (exit 4): one line says so.
    expect(run.code).toBe(4);
  });

  // Checks that send nothing of their own judge what other checks sent: alone, there is nothing.
  const judges = ALL_CHECKS.filter((c) => c.needs.requests === 0 && !c.needs.shared);
  it('has checks that send nothing of their own', () => {
    expect(judges.length).toBeGreaterThan(0);
  });
  it.each(judges.map((c) => [c.id]))('%s, run alone, has nothing to judge and does not pass', async (id) => {
    const server = await reference();
    const run = await runCliInProcess(['--only', id, '--seed', '4'], {
      env: targetEnv(server),
    });
    const mine = run.report!.checks.filter((c) => c.id === id);
    expect(mine).toHaveLength(1);
    expect(earned(mine[0]!), `${id}: ${mine[0]!.status} ${mine[0]!.message}`).toBe(false);
  });

  it('every pass of a full run states how much it judged', async () => {
    const server = await reference();
    const run = await runCliInProcess(['--seed', '4', '--skip-rate-limit-probe'], { env: targetEnv(server) });
    const passes = run.report!.checks.filter(earned);
    expect(passes.length).toBeGreaterThan(30);
    expect(passes.filter((c) => !(c.judged && c.judged >= 1)).map((c) => c.id)).toEqual([]);
  });
});

// A target that trickles every body (a byte at a time, never finishing) cannot hold a run: each exchange ends
// at its deadline, three of a kind stop that kind, and three in a row or four in all stop the run, which
// names the trickle (lib/http/stopping.test.ts counts them one by one; scenarios.test.ts has a list alone
// trickle). With the default --timeout-ms (10 s, each exchange within 30 s) that is about two minutes;
// here the timeout is 300 ms, so the same count of timeouts takes seconds.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TIMEOUTS } from '../../lib/http/stopping.ts';
import { responseBytes } from './server.ts';
import { closeAll, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

describe('a trickling target', () => {
  it('every body a byte at a time: the run stops after a few deadlines, naming the trickle', async () => {
    const run = await runAgainst(
      async (x) => {
        const a = await x.upstream();
        if (a.body.length === 0) return x.reply(a);
        x.socket.write(
          responseBytes({
            ...a,
            headers: { ...a.headers, 'content-length': String(a.body.length + 100_000) },
            body: a.body.subarray(0, 1),
          }),
        );
        x.every(100, () => x.socket.write(' '));
      },
      ['--timeout-ms', '300'],
    );
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(run.code, said(run)).toBe(3);
    const timedOut = run.report!.checks.flatMap((c) => c.exchanges).filter((x) => x.response?.bodyError);
    const seqs = new Set(timedOut.map((x) => x.seq));
    expect(seqs.size).toBeGreaterThan(0);
    expect(seqs.size).toBeLessThanOrEqual(MAX_TIMEOUTS);
    expect(run.report!.incompleteReasons.join(' ')).toMatch(
      /stopped sending: the target's answers trickle or stall: \d exchanges ran into this run's timeout/,
    );
    expect(said(run)).toMatch(/deadline of 900 ms.*--timeout-ms/);
  });
});

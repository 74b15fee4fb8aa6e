// The faults written for particular checks are caught by those checks alone: with them left out (--skip),
// the rest of the suite passes the fault, so each proves its checks see what nothing else in the suite does.
// That the named checks do catch it is the fault matrix (test/faults/matrix.test.ts); where leaving them out
// changes nothing sent, the matrix's run is asserted exact instead and no second run is made (only-by.ts).
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { runCliInProcess, skipCauseGaps, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';
import { ONLY_BY } from './only-by.ts';
import { clockOf } from './run.ts';

/** The faults whose checks send or move what the run sends: a run with them left out proves it (only-by.ts). */
const SECOND_RUN = ONLY_BY.filter((o) => !o.folded).map((o) => [o.fault, o.only, o.caught] as const);

describe('faults only their own checks catch', () => {
  it('name checks that catch them in the matrix', () => {
    expect(ONLY_BY.length).toBeGreaterThan(0);
    for (const { fault, only, caught } of ONLY_BY)
      expect([...(caught.fails ?? []), ...(caught.warns ?? [])], fault).toEqual(expect.arrayContaining(only));
  });

  it('leave out only checks that send nothing of their own', () => {
    // A named check that sends (its own requests, a fixture, the probe) keeps the second run; one that only
    // judges what others sent folds into the matrix's exact run.
    const by = (fault: string) => ONLY_BY.find((o) => o.fault === fault)!.folded;
    expect(by('http-no-date')).toBe(true);
    expect(by('pets-json-invalid')).toBe(true);
    expect(by('auth-key-header-accepted')).toBe(false);
    expect(by('ratelimit-no-retry-after')).toBe(false);
    expect(by('cancel-not-atomic')).toBe(false);
    // A shared sending the named check would be first to read moves if it is left out: no fold.
    expect(by('orderid-wraps-uint64')).toBe(false);
    expect(SECOND_RUN.length).toBeGreaterThan(0);
  });

  // Each run mostly waits on the reference's window, so the runs go side by side as the matrix's do
  // (maxConcurrency, 5); each closes its own server, as the shared after-each close would end a neighbour's.
  it.concurrent.each(SECOND_RUN)(
    '%s passes the rest of the suite',
    { timeout: 120_000 },
    async (fault, only, e) => {
      const server = await startReferenceServer({
        rateLimit: ROOMY_RATE_LIMIT,
        ...e.reference,
        ...clockOf(e),
        faults: [fault],
      });
      const run = await runCliInProcess(['--seed', '11', ...(e.args ?? []), '--skip', only.join(',')], {
        env: { ...targetEnv(server), ...e.env },
      }).finally(() => server.close());
      const summary = `${run.stdout}\n${run.stderr}`;
      const found = run.report!.checks.filter((c) => ['fail', 'warn', 'error'].includes(c.status));
      expect(
        found.map((c) => `${c.id}: ${c.status} ${c.message}`),
        summary,
      ).toEqual([]);
      expect(skipCauseGaps(run), summary).toEqual([]);
      expect(run.code, summary).toBe(0);
    },
  );
});

// A lenient reader that takes only one spelling of a kind (a final newline, Arabic-Indic digits) is caught by a
// default run whatever its seed: the sample tries each kind's first spellings in order, not one chosen by seed.
import { describe, expect, it } from 'vitest';
import { type FaultId, startReferenceServer } from '../../reference/server.ts';
import { checkOf, explain, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';

/** Seeds 1 to 10: before the sample was ordered, each fault went unseen under some of them. */
const SEEDS = Array.from({ length: 10 }, (_, i) => String(i + 1));

const NARROW: readonly FaultId[] = ['orderid-trailing-newline', 'orderid-arabic-indic-digits'];

describe('the spelling sample, seed by seed', () => {
  it('names in the verdict the spellings of a sample it had no room for', { timeout: 60_000 }, async () => {
    const server = await startReferenceServer({ rateLimit: ROOMY_RATE_LIMIT });
    try {
      const cli = await runCliInProcess(
        ['--seed', '7', '--only', 'ID-CANCEL-SPELLING', '--skip-rate-limit-probe'],
        { env: targetEnv(server) },
      );
      const c = checkOf(cli, 'ID-CANCEL-SPELLING');
      expect(c.status, explain(cli, 'ID-CANCEL-SPELLING')).toBe('pass');
      // Two whitespace spellings and one script tried (sample.ts: one spare try); the rest of their samples
      // named, the others counted.
      expect(c.message).toMatch(/\b1%0A → 400, %201 → 400\b/);
      expect(c.message).toMatch(
        /left out \(--exhaustive sends them\): whitespace 1%20 %091, script-digits \S+ \S+ \S+ \S+, compat-digits \S+, \d+ variants past/,
      );
    } finally {
      await server.close();
    }
  });

  it.each(NARROW)('%s warns ID-CANCEL-SPELLING for seeds 1-10', { timeout: 180_000 }, async (fault) => {
    for (const seed of SEEDS) {
      // A fresh store each time: an accepted spelling cancels a fixture.
      const server = await startReferenceServer({ rateLimit: ROOMY_RATE_LIMIT, faults: [fault] });
      try {
        const cli = await runCliInProcess(
          ['--seed', seed, '--only', 'ID-CANCEL-SPELLING', '--skip-rate-limit-probe'],
          { env: targetEnv(server) },
        );
        const c = checkOf(cli, 'ID-CANCEL-SPELLING');
        expect(c.status, `seed ${seed}: ${explain(cli, 'ID-CANCEL-SPELLING')}`).toBe('warn');
        // Only a given fixture is ever cancelled, however the server reads.
        const pending = new Set(server.fixtures.pending);
        const others = server.orders().filter((o) => o.status === 'cancelled' && !pending.has(o.id));
        expect(others, `seed ${seed}`).toEqual([]);
      } finally {
        await server.close();
      }
    }
  });
});

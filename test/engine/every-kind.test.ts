// Every kind of a sampling check's catalogue goes out in a default run, whatever the seed: a server that takes
// only 0x (strtol base 0), only NFKC-folded digits, or only the "Token" scheme is caught by every seed, where a
// sample of one variant per broader kind missed it by seed. --exhaustive adds variants, never kinds.
import { describe, expect, it } from 'vitest';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const SEEDS = ['1', '2', '3', '4'];

describe('every kind by default', () => {
  it.each([
    ['orderid-hex-prefix', 'ID-CANCEL-SPELLING', 'warn'],
    ['orderid-nfkc-digits', 'ID-CANCEL-SPELLING', 'warn'],
    ['auth-token-scheme-accepted', 'AUTH-OTHER-SCHEME-401', 'fail'],
  ])('%s is caught by %s whatever the seed', { timeout: 120_000 }, async (fault, check, status) => {
    for (const seed of SEEDS) {
      const server = await reference({ faults: [fault] });
      const run = await runCliInProcess(['--seed', seed, '--only', check, '--skip-rate-limit-probe'], {
        env: targetEnv(server),
      });
      const c = run.report!.checks.find((x) => x.id === check)!;
      expect(c.status, `seed ${seed}: ${c.message}`).toBe(status);
    }
  });
});

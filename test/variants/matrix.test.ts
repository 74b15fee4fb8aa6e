// No false alarms: the whole command against each reference variant that is not about rate limits (and a
// combination of them) finds nothing: no fail, warn or error, every check that can run does, and INFO
// records the variant's choice. The rate-limit variants are in test/variants/rate-limit-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../reference/server.ts';
import { checkOf, runCliInProcess } from '../support/cli.ts';
import { runName, VARIANT_RUNS } from './index.ts';
import { expectSilentRun } from './run.ts';

const plain = VARIANT_RUNS.filter((r) => r.reference.rateLimit === undefined);

describe('variant matrix', () => {
  it('runs every catalogued variant at least once', () => {
    const covered = new Set(VARIANT_RUNS.flatMap((r) => r.variants));
    expect(VARIANTS.map((v) => v.id).filter((id) => !covered.has(id))).toEqual([]);
    expect(plain.length).toBeGreaterThan(0);
  });
});

// The embedded run waits out its 10 s window (the state look) and the plain runs mostly compute, so the runs go
// side by side (vitest's maxConcurrency, 5), the embedded one first so that it does not start last. Each run
// starts and closes its own server (run.ts; the embedded one is the command's own).
describe.concurrent('the variants, side by side', () => {
  describe('--reference-variants on the embedded target', () => {
    it('starts the embedded server with the variants, and the run stays silent', {
      timeout: 60_000,
    }, async () => {
      const run = await runCliInProcess([
        '--reference-variants',
        'order-id-only,cancelled-removed,json-charset',
        '--skip-rate-limit-probe',
        '--property-runs',
        '2',
        '--seed',
        '9',
      ]);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(
        /\(embedded reference server; variants: order-id-only,cancelled-removed,json-charset\)/,
      );
      expect(run.report!.checks.filter((c) => ['fail', 'warn', 'error'].includes(c.status))).toEqual([]);
      expect(run.report!.target.referenceVariants).toEqual([
        'order-id-only',
        'cancelled-removed',
        'json-charset',
      ]);
      expect(run.html).toContain('variants: order-id-only, cancelled-removed, json-charset');
      expect(checkOf(run, 'CANCEL-REPEAT-INFO').message).toMatch(
        /answered 404 \(application\/json; charset=utf-8\)/,
      );
    });

    it('refuses an unknown variant before sending anything, naming --list-variants', async () => {
      const run = await runCliInProcess(['--reference-variants', 'json-charsets']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/"json-charsets".*--list-variants/);
    });
  });

  describe.each(plain.map((r) => [runName(r), r] as const))('variant %s', (_name, run) => {
    it('stays silent', { timeout: 60_000 }, async () => {
      await expectSilentRun(run);
    });
  });
});

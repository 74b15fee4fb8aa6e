// No false alarms on rate limits: the whole command against each reference variant about rate limits (limiter
// families, Retry-After forms, header spellings, a separate per-address limit) and against the combination
// of a token bucket, HTTP-date Retry-After, 409 without body and removed cancelled orders.
import { describe, expect, it } from 'vitest';
import { runName, VARIANT_RUNS } from './index.ts';
import type { VariantRun } from './proof.ts';
import { expectSilentRun } from './run.ts';

const limited = VARIANT_RUNS.filter((r) => r.reference.rateLimit !== undefined);

/**
 * How long a run waits on its windows, as a rank (lower: longer): the whole command with the probe walks its
 * window, the surface and the later look; answers held make the probe's walk slow; the probe alone is short.
 */
const rank = (r: VariantRun) =>
  !r.args.includes('--only') && !r.args.includes('--skip-rate-limit-probe') ? 0 : r.reference.delayMs ? 1 : 2;
/**
 * Every run, the longest first, so none starts late and runs on alone at the end: in the catalogue's order the
 * longest (24 s, the combination's whole run) started 17th of 19, and the file took 41 s.
 */
const ORDERED = [...limited].sort((a, b) => rank(a) - rank(b));

it('has variants about rate limits to run', () => {
  expect(limited.length).toBeGreaterThan(0);
  // Run in another order, every one of them.
  expect(new Set(ORDERED)).toEqual(new Set(limited));
  expect(ORDERED.length).toBe(limited.length);
});

// Each run mostly waits on its window, so the runs go side by side (vitest's maxConcurrency, 5).
describe.concurrent.each(ORDERED.map((r) => [runName(r), r] as const))('variant %s', (_name, run) => {
  it('stays silent, never early', { timeout: 90_000 }, async () => {
    await expectSilentRun(run);
  });
});

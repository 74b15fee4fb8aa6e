// No false alarms on rate limits: the whole command against each reference variant about rate limits (limiter
// families, Retry-After forms, header spellings, a separate per-address limit) and against the combination
// of a token bucket, HTTP-date Retry-After, 409 without body and removed cancelled orders.
import { describe, expect, it } from 'vitest';
import { longestFirst } from '../support/start-order.ts';
import { runName, VARIANT_RUNS } from './index.ts';
import { expectSilentRun } from './run.ts';

/** The runs about rate limits, those that wait longest on windows first (test/support/start-order.ts). */
const limited = longestFirst(
  VARIANT_RUNS.filter((r) => r.reference.rateLimit !== undefined),
  (r) => r,
);

it('has variants about rate limits to run', () => {
  expect(limited.length).toBeGreaterThan(0);
  expect(new Set(limited)).toEqual(new Set(VARIANT_RUNS.filter((r) => r.reference.rateLimit !== undefined)));
});

// Each run mostly waits on its window, so the runs go side by side (vitest's maxConcurrency, 5), the longest
// first: the combination and the held answers had started last of sixteen and ran on alone.
describe.concurrent.each(limited.map((r) => [runName(r), r] as const))('variant %s', (_name, run) => {
  it('stays silent, never early', { timeout: 90_000 }, async () => {
    await expectSilentRun(run);
  });
});

// No false alarms on rate limits: the whole command against each reference variant about rate limits (limiter
// families, Retry-After forms, header spellings, a separate per-address limit) and against the combination
// of a token bucket, HTTP-date Retry-After, 409 without body and removed cancelled orders.
import { describe, expect, it } from 'vitest';
import { runName, VARIANT_RUNS } from './index.ts';
import { expectSilentRun } from './run.ts';

const limited = VARIANT_RUNS.filter((r) => r.reference.rateLimit !== undefined);

it('has variants about rate limits to run', () => {
  expect(limited.length).toBeGreaterThan(0);
});

// Each run mostly waits on its window, so the runs go side by side (vitest's maxConcurrency, 5).
describe.concurrent.each(limited.map((r) => [runName(r), r] as const))('variant %s', (_name, run) => {
  it('stays silent, never early', { timeout: 90_000 }, async () => {
    await expectSilentRun(run);
  });
});

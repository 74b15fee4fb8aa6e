// EVERY-LIST-ITEMS-ORDER names each distinct schema error of the run's list bodies, not only the first body's:
// an error that only lists after a cancel show (a shipDate cleared to null) is named with that cancel, though
// every body already fails for another (issue 37: a Catalyst server's null shipDate hid behind a date format).
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('EVERY-LIST-ITEMS-ORDER itemises each distinct error', () => {
  it('names the error later bodies add after a cancel, beside the first body’s', {
    timeout: 120_000,
  }, async () => {
    const server = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['list-shipdate-not-rfc3339', 'list-shipdate-null-after-cancel'],
    });
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE], { env: targetEnv(server) });
    const c = checkOf(run, 'EVERY-LIST-ITEMS-ORDER');
    const all = `${c.message}\n${c.details.join('\n')}`;
    expect(c.status, all).toBe('fail');
    // The first body's error: every order's shipDate in the wrong form, in every body.
    expect(all).toMatch(
      /shipDate must match format "date-time".*; (\d+) of the \1 list bodies of the run show this error/,
    );
    // The later one, with the cancel that brought it in.
    expect(all).toMatch(
      /shipDate must be string, found null \(order (\d+)'s item\); \d+ of the \d+ list bodies of the run show this error .*after #\d+ DELETE \/store\/orders\/\1 → 204 cancelled order \1, order \1's \/shipDate became null \(none of the \d+ list bod(y|ies) before it showed this\)/,
    );
  });
});

// A count of one reads as one on the console: "1 check", "1 MUST check fails", "needs 1 pending order",
// never "1 checks" or "order(s)".
import { describe, expect, it } from 'vitest';
import { count } from '../../lib/words.ts';
import { runCliInProcess } from '../support/cli.ts';

describe('counts on the console', () => {
  it('count() says one in the singular, any other number in the plural', () => {
    expect([count(0, 'check'), count(1, 'check'), count(2, 'entry', 'entries')]).toEqual([
      '0 checks',
      '1 check',
      '2 entries',
    ]);
  });

  it('a run of one failing check', { timeout: 60_000 }, async () => {
    const run = await runCliInProcess([
      '--embedded',
      '--only',
      'LIST-BODY-ARRAY',
      '--reference-faults',
      'list-wrapped',
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/\n {2}plan: 1 check to run, none left out; up to 1 request of the/);
    expect(run.stdout).toContain('Verdict: NON-CONFORMANT: 1 of 1 MUST check evaluated, 1 fail');
    expect(run.stdout).toMatch(/\n {2}1 check: 0 pass, 1 fail/);
    expect(run.stdout).toContain('gate fails: 1 MUST check fails: LIST-BODY-ARRAY');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\b1 (checks|requests|responses|orders)\b|\(s\)/);
  });

  it('a plan that lacks one pending order', async () => {
    const run = await runCliInProcess(['--dry-run', '--only', 'CANCEL-PENDING-204'], {
      env: { ORDER_STORE_BASE_URL: 'http://127.0.0.1:9/v1', ORDER_STORE_API_KEY: 'osk_plural_key_1234' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('CANCEL-PENDING-204: needs 1 pending order the run may cancel and 0 remain');
    expect(run.stdout).not.toMatch(/\(s\)/);
  });
});

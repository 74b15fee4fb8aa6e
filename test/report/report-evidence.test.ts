// What a finding carries into report.json and report.html, on a real run against faults: schema failures
// as data (instance path, expected type or format, actual value), a property's seed and path, and the
// exchanges its findings cite.
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('findings in the report', () => {
  it('carry schema failures as data, property replay data and the exchanges they cite', async () => {
    const server = await reference({ faults: ['error-missing-message', 'list-shipdate-not-rfc3339'] });
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--property-runs', '1', '--seed', '4'], {
      env: targetEnv(server),
    });
    expect(run.code, run.stderr).toBe(1);
    expect(validate('report', run.report).errors).toEqual([]);

    const list = checkOf(run, 'LIST-ITEMS-ORDER');
    expect(list.status).toBe('fail');
    expect(list.schemaIssues?.[0]).toEqual({
      path: '/0/shipDate',
      expected: 'format date-time',
      actual: expect.stringMatching(/^"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"$/),
    });
    const missing = { path: '/message', expected: 'property message present', actual: 'absent' };
    for (const id of ['CANCEL-UNKNOWN-404-BODY', 'ID-ABSENT-404', 'AUTH-401-ERROR-BODY', 'ERR-BODY-SCHEMA']) {
      const c = checkOf(run, id);
      expect(c.status, id).toBe('fail');
      expect(c.schemaIssues, id).toContainEqual(missing);
      // Every exchange a finding cites is kept as evidence.
      expect(c.cited?.length, id).toBeGreaterThan(0);
      for (const seq of c.cited ?? [])
        expect(
          c.exchanges.map((x) => x.seq),
          id,
        ).toContain(seq);
    }
    const absent = checkOf(run, 'ID-ABSENT-404');
    expect(absent.property).toEqual({
      seed: expect.any(Number),
      path: expect.any(String),
      replay: expect.stringMatching(/^--only ID-ABSENT-404 --seed \d+ --replay-path ID-ABSENT-404:/),
    });

    const html = run.html!;
    expect(html).toMatch(
      /<code>\/message<\/code><\/td><td>property message present<\/td><td><code>absent<\/code>/,
    );
    expect(html).toContain(`--replay-path ID-ABSENT-404:${absent.property!.path}`);
  });
});

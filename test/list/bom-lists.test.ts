// A leading byte order mark on every JSON body fails the checks of the body, but the lists are still read past
// it to model the store, so what the run's requests did is judged (issue 37: a PHP server's BOM hid a lenient
// id cast that cancelled order 2 through "2abc").
import { describe, expect, it } from 'vitest';
import { NO_PROBE } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

describe('lists with a leading byte order mark', () => {
  it('fail as bodies, yet model the store: the lenient id cast beside them is caught', {
    timeout: 120_000,
  }, async () => {
    const server = await reference({
      rateLimit: ROOMY_RATE_LIMIT,
      faults: ['json-bom', 'orderid-lenient-parse'],
    });
    const run = await runCliInProcess(['--seed', '11', ...NO_PROBE], { env: targetEnv(server) });
    const summary = `${run.stdout}\n${run.stderr}`;
    for (const id of ['LIST-BODY-ARRAY', 'EVERY-LIST-ITEMS-ORDER', 'ID-CANCEL-MISREAD'])
      expect(checkOf(run, id).status, `${id}: ${checkOf(run, id).message}\n${summary}`).toBe('fail');
    expect(checkOf(run, 'ID-CANCEL-MISREAD').details.join('\n')).toMatch(
      /read past its leading UTF-8 byte order mark/,
    );
    // Judged on the lenient reading, and saying so.
    for (const id of ['LIST-ITEMS-ORDER', 'STATE-LIST-EXPLAINED', 'STATE-404-CHANGES-NOTHING']) {
      const c = checkOf(run, id);
      expect(c.status, `${id}: ${c.message}`).toBe('pass');
      expect(c.details.join('\n'), id).toMatch(/read past its leading UTF-8 byte order mark/);
    }
  });
});

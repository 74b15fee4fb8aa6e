// A recording made by a browser: Playwright's recordHar around a page whose script calls the API as a web
// client would (same origin, the key in Authorization), judged as the command judges any HAR: conformant on
// the faithful server, the list's fault caught by the check that names it. Without a Chromium it is skipped
// with one line (npm test needs nothing but Node); .ci/run installs one and then requires it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeTraffic } from '../../api/index.ts';
import { CHROMIUM, CHROMIUM_MISSING, CHROMIUM_RUNS, launchChromium } from '../support/chromium.ts';
import { loud } from '../support/passive.ts';
import { reference } from '../support/reference.ts';

if (!CHROMIUM_RUNS) console.warn(`test/passive/playwright.test.ts skipped: ${CHROMIUM_MISSING}`);

/** What the page's script does, in the browser: a client of the API with the key it was given. */
const CLIENT = `async ({ key, pending, shipped }) => {
  const auth = { authorization: 'Bearer ' + key };
  const call = async (method, path, headers) => {
    const res = await fetch('/v1' + path, { method, headers });
    await res.text();
    return res.status;
  };
  const seen = [];
  seen.push(await call('GET', '/store/orders', { ...auth, accept: 'application/json' }));
  seen.push(await call('GET', '/pets/101', auth));
  seen.push(await call('DELETE', '/store/orders/' + pending, auth));
  seen.push(await call('DELETE', '/store/orders/' + pending, auth));
  seen.push(await call('DELETE', '/store/orders/' + shipped, auth));
  seen.push(await call('DELETE', '/store/orders/' + pending, {}));
  seen.push(await call('GET', '/store/orders', { authorization: 'Bearer not-a-key-1234567890' }));
  return seen;
}`;

describe.skipIf(!CHROMIUM_RUNS)(
  `a HAR recorded by Playwright${CHROMIUM ? '' : ' (skipped: no chromium here)'}`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 30_000);
    afterAll(async () => {
      await browser?.close();
    });

    async function recordIn(faults: string[]): Promise<{ har: string; key: string; statuses: number[] }> {
      const server = await reference({ faults });
      const path = join(mkdtempSync(join(tmpdir(), 'osc-playwright-')), 'browser.har');
      const context = await browser.newContext({ recordHar: { path } });
      const page = await context.newPage();
      // The page comes from the API's own origin, so its calls are same-origin: no CORS in the way.
      await page.goto(`${server.baseUrl}/store/orders`);
      const statuses = (await page.evaluate(
        `(${CLIENT})(${JSON.stringify({
          key: server.demoKey,
          pending: server.fixtures.pending[0],
          shipped: server.fixtures.shipped[0],
        })})`,
      )) as number[];
      await context.close();
      return { har: readFileSync(path, 'utf8'), key: server.demoKey, statuses };
    }

    it('judges the browser’s recording conformant on the faithful server, and catches a list fault', {
      timeout: 60_000,
    }, async () => {
      const clean = await recordIn([]);
      expect(clean.statuses).toEqual([200, 200, 204, 409, 409, 401, 401]);
      const report = await judgeTraffic(clean.har, { apiKey: clean.key, trustOrderList: true });
      expect(loud(report)).toEqual([]);
      expect(report.verdict).toBe('conformant');
      for (const id of [
        'LIST-BODY-ARRAY',
        'CANCEL-PENDING-204',
        'CANCEL-REPEAT-NOT-2XX',
        'AUTH-MISSING-401',
        'AUTH-UNKNOWN-KEY-401',
      ])
        expect(report.checks.find((c) => c.id === id)?.status, id).toBe('pass');
      // The browser's own navigation to the list, with no key, was judged too; its favicon request left out.
      expect(JSON.stringify(report)).not.toContain(clean.key);

      const faulty = await recordIn(['list-wrapped']);
      const caught = await judgeTraffic(faulty.har, { apiKey: faulty.key });
      expect(caught.checks.find((c) => c.id === 'LIST-BODY-ARRAY')?.status).toBe('fail');
      expect(caught.gate.exitCode).toBe(1);
    });
  },
);

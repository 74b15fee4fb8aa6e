// report.html as an auditor opens it: a real Chromium (Debian's, installed by .ci/run), headless, with
// JavaScript off, at laptop and phone widths, on a faulty run and a clean one. The verdict, the counts, a
// failure's details, the matrix and the probe's chart must be there and visible; the page fetches nothing.
// Without a Chromium it is skipped with one line saying so (npm test needs nothing but Node); .ci/run installs
// Debian's and sets OSC_REQUIRE_CHROMIUM=1, so there a missing browser fails instead of skipping.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_MISSING, CHROMIUM_RUNS, launchChromium } from '../support/chromium.ts';
import { type CliRun, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

if (!CHROMIUM_RUNS) console.warn(`test/report/browser.test.ts skipped: ${CHROMIUM_MISSING}`);

const WIDTHS = [
  { name: 'laptop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * A window short enough that the probe's waits are a few seconds, long enough that a loaded machine walks 40
 * within it: in 1 s windows the walk met no 429 in a clean-clone CI run at load (the chart then had none to show).
 */
const SHORT_WINDOW = { limit: 40, windowSeconds: 4 };

async function runAgainst(faults: string[]): Promise<{ run: CliRun; file: string }> {
  const server = await reference({ faults, rateLimit: SHORT_WINDOW });
  const run = await runCliInProcess(['--seed', '9', '--property-runs', '1', '--burst'], {
    env: targetEnv(server),
  });
  const file = join(run.reportDir, run.report!.runId, 'report.html');
  return { run, file };
}

async function openReport(browser: Browser, file: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, fetched, close: () => context.close() };
}

/** How wide the page's content is (an expression: the tests' TypeScript has no DOM types). */
async function scrollWidth(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth'));
}

/** Ids that wrap onto a second line (an id must never break mid-word), by their text. */
async function brokenIds(page: Page): Promise<string[]> {
  return (await page.evaluate(
    `[...document.querySelectorAll('code.id, .rule.id')].filter((e) => e.getClientRects().length > 1 || e.getBoundingClientRect().height > 1.8 * parseFloat(getComputedStyle(e).fontSize) * 1.2 && e.offsetParent !== null).map((e) => e.textContent)`,
  )) as string[];
}

async function expectVisible(page: Page, selector: string): Promise<void> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  expect(await el.isVisible(), `${selector} is visible`).toBe(true);
  const box = await el.boundingBox();
  expect(box && box.width > 0 && box.height > 0, `${selector} has a size`).toBe(true);
}

describe.skipIf(!CHROMIUM_RUNS)(
  `report.html in Chromium${CHROMIUM ? '' : ' (skipped: no chromium here)'}`,
  () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchChromium();
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('shows a faulty run: verdict, counts, a failure with its evidence, the matrix and the chart', {
      timeout: 120_000,
    }, async () => {
      const { run, file } = await runAgainst([
        'list-shipdate-not-rfc3339',
        'error-missing-message',
        'ratelimit-off-by-one',
      ]);
      expect(run.code, run.stderr).toBe(1);
      for (const { name, viewport } of WIDTHS) {
        const { page, fetched, close } = await openReport(browser, file, viewport);
        try {
          expect(await page.locator('#verdict').innerText(), name).toBe('Not conformant');
          await expectVisible(page, '#counts');
          expect(await page.locator('#count-must').innerText()).toMatch(
            /MUST\s+\d+ pass · [1-9]\d* fail · \d+ not evaluated/,
          );
          // The first finding is a failure card, visibly unlike a passing one, with its details.
          const card = page.locator('#findings ~ .card').first();
          expect(await card.getAttribute('class')).toContain('card-fail');
          await expectVisible(page, '#findings ~ .card.card-fail');
          const text = await card.innerText();
          expect(text).toMatch(/Requirement/);
          expect(text).toMatch(/Instance path[\s\S]*format date-time/);
          expect(text).toMatch(/Reproduce[\s\S]*curl -sS -i/);
          expect(text).toContain('$ORDER_STORE_API_KEY');
          await expectVisible(page, 'table.matrix');
          expect(await page.locator('#coverage').innerText()).toMatch(
            /Coverage: \d+ of \d+ testable rules evaluated/,
          );
          await expectVisible(page, '#probe-chart svg');
          // Legible at any width: never drawn narrower than 640 px; a narrow screen scrolls it sideways inside
          // its figure, which itself fits the page.
          const chart = await page.locator('#probe-chart svg').boundingBox();
          const figure = await page.locator('#probe-chart').boundingBox();
          expect(chart!.width, `${name}: the chart is not shrunk`).toBeGreaterThanOrEqual(640);
          expect(figure!.width, `${name}: the chart's frame fits the width`).toBeLessThanOrEqual(
            viewport.width,
          );
          if (viewport.width < 640)
            expect(
              Number(await page.evaluate("document.querySelector('#probe-chart').scrollWidth")),
              'the chart scrolls sideways',
            ).toBeGreaterThan(figure!.width);
          expect(await page.locator('#probe-chart svg text', { hasText: '429' }).count()).toBeGreaterThan(0);
          // The request served past the limit (ratelimit-off-by-one) is marked, and the axis is numbered. On a
          // loaded machine the walk may meet the limit twice (its group of Limit + 1, then one at a time after it),
          // and each request served past it is marked: every mark says so.
          const marks = await page.locator('#probe-chart text.past-limit').allTextContents();
          expect(marks.length).toBeGreaterThan(0);
          expect(new Set(marks)).toEqual(new Set(['served past the limit']));
          expect(await page.locator('#probe-chart text.tick').count()).toBeGreaterThanOrEqual(3);
          expect(await brokenIds(page), `${name}: no id breaks mid-word`).toEqual([]);
          expect(fetched, 'the page fetches nothing but itself').toEqual([pathToFileURL(file).href]);
          expect(await scrollWidth(page), `${name}: no sideways scroll`).toBeLessThanOrEqual(viewport.width);
        } finally {
          await close();
        }
      }
      // Printed: colours kept, evidence of the findings unfolded; the page count is reported. On A4 (210 mm
      // less 12 mm margins: 703 CSS px) the traceability matrix fits the page and no id breaks.
      const printed = await openReport(browser, file, { width: 703, height: 1000 });
      try {
        await printed.page.emulateMedia({ media: 'print' });
        const overflow = (await printed.page.evaluate(
          `[...document.querySelectorAll('table.matrix')].filter((t) => t.scrollWidth > t.parentElement.clientWidth + 1 || t.getBoundingClientRect().right > 704).length`,
        )) as number;
        expect(overflow, 'matrix tables wider than an A4 page').toBe(0);
        expect(await brokenIds(printed.page), 'printed: no id breaks mid-word').toEqual([]);
      } finally {
        await printed.close();
      }
      const { page, close } = await openReport(browser, file, WIDTHS[0].viewport);
      try {
        const pdf = await page.pdf({ format: 'A4', printBackground: true });
        const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
        console.log(`faulty run report prints to ${pages} A4 pages`);
        expect(pages).toBeGreaterThan(3);
      } finally {
        await close();
      }
      expect(readFileSync(file, 'utf8')).toContain('print-color-adjust:exact');
    });

    it('shows a clean run: conformant, no findings, the matrix and the chart', {
      timeout: 120_000,
    }, async () => {
      const { run, file } = await runAgainst([]);
      expect(run.code, run.stderr).toBe(0);
      for (const { name, viewport } of WIDTHS) {
        const { page, fetched, close } = await openReport(browser, file, viewport);
        try {
          // --plan and --burst are not given, so their MUSTs are not judged: the pass says it rests on the rest.
          expect(await page.locator('#verdict').innerText(), name).toBe('Conformant on what was judged');
          expect(await page.locator('#verdict-line').innerText()).toMatch(
            /^CONFORMANT on what was judged: \d+ of \d+ MUST checks evaluated, all pass; \d+ MUST not judged \(RL-PROBE-PLAN-LIMIT: /,
          );
          expect(await page.locator('#count-must').innerText()).toMatch(/MUST\s+\d+ pass · 0 fail/);
          // No failure or warning; what remains among the findings is only what was not evaluated
          // (e.g. the --plan check without --plan), each with its reason.
          expect(await page.locator('.card-fail, .card-warn').count()).toBe(0);
          expect(await page.locator('#findings-table .s-fail, #findings-table .s-warn').count()).toBe(0);
          await expectVisible(page, 'table.matrix');
          await expectVisible(page, '#probe-chart svg');
          expect(fetched).toEqual([pathToFileURL(file).href]);
          expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
        } finally {
          await close();
        }
      }
    });
  },
);

// Where a Chromium is found for the tests that drive one (Debian's, as .ci/run installs it; or CHROMIUM_PATH),
// and whether its absence skips them (a Node-only machine) or fails them (OSC_REQUIRE_CHROMIUM=1, in CI).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
    ];
export const CHROMIUM = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
export const CHROMIUM_REQUIRED = process.env.OSC_REQUIRE_CHROMIUM === '1';
/** Whether the tests that need Chromium run here (present, or required and then failing). */
export const CHROMIUM_RUNS = CHROMIUM !== undefined || CHROMIUM_REQUIRED;

/** Why a test that needs Chromium is skipped here, for its one line of warning. */
export const CHROMIUM_MISSING = `no Chromium found (looked for ${CHROMIUM_CANDIDATES.join(', ')}); install one (apt-get install chromium) or set CHROMIUM_PATH to run it`;

export async function launchChromium(): Promise<Browser> {
  if (CHROMIUM === undefined)
    throw new Error(
      `OSC_REQUIRE_CHROMIUM=1 and no Chromium at ${CHROMIUM_CANDIDATES.join(', ')}: .ci/run installs Debian's chromium`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

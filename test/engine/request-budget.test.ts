// The default run (no rate-limit probe) fits one Free-plan minute in both buckets: exactly the requests
// docs/checks.md states (docs/default-run.ts) charged to the key and to the client address (unauthenticated and
// refused credentials), counted by the reference server itself, besides what fits itself to the window's room,
// each within the minute's 60, and the pacer
// never provokes a 429 against the real 60-per-minute windows. The altered forms of the key the auth matrix
// sends are written nowhere in the run folder or the console.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN, FREE } from '../../docs/default-run.ts';
import { KEY_VARIABLE } from '../../lib/http/redact.ts';
import { RACERS } from '../../suites/state/sendings.ts';
import { type CliRun, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

/** The Free plan's minute, per bucket: what a default run without the probe must fit in. */
const PER_BUCKET = FREE.perMinute;

describe('request budget of a default run', () => {
  it('charges the key and the address what docs/checks.md says, each within a Free minute, and meets no 429', async () => {
    // The Free plan's own windows (60 per minute per key, the same per address), not a roomy test limit.
    const server = await reference({ rateLimit: undefined });
    // A user's default run: the live key stays out of URLs (--allow-key-in-url, which adds AUTH-QUERY-KEY-401's
    // three refusals, is the tests' own default for a local server).
    const run = await runCliInProcess(['--seed', String(DEFAULT_RUN.seed), '--skip-rate-limit-probe'], {
      env: { ...targetEnv(server), ORDER_STORE_ALLOW_KEY_IN_URL: 'false' },
    });
    const subjects = server.subjects();
    const summary = `${JSON.stringify(subjects)}\n${run.stdout}`;
    expect(run.code, summary).toBe(0);
    expect(subjects.key, summary).toBeLessThanOrEqual(PER_BUCKET);
    expect(subjects.address, summary).toBeLessThanOrEqual(PER_BUCKET);
    // The counts docs/checks.md states: update docs/default-run.ts (and npm run docs) when they change. What
    // fits itself to the room the window has left is not counted there: STATE-SEQUENCE's generated steps,
    // the race's list after (each sent only while the window keeps what the checks after it need) and the
    // request surface's (sent only into the room left after them).
    const adaptive = adaptiveRequests(run);
    const fixed = { key: subjects.key - adaptive.key, address: subjects.address - adaptive.address };
    expect(fixed, summary).toEqual({ key: DEFAULT_RUN.key, address: DEFAULT_RUN.address });
    console.log(`default run: ${JSON.stringify(subjects)}, of which adaptive ${JSON.stringify(adaptive)}`);
    expect(subjects.key + subjects.address).toBe(run.report!.requests.sent);
    expect(server.stats().limited, summary).toBe(0);
    const flipped = [...server.demoKey]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('');
    const forms = [server.demoKey, server.demoKey.slice(0, -1), flipped, `${server.demoKey}:`];
    const written = [
      run.stdout,
      run.stderr,
      ...filesUnder(run.reportDir).map((f) => readFileSync(f, 'utf8')),
    ];
    expect(written.length).toBeGreaterThan(5);
    for (const form of forms)
      for (const text of written) expect(text.includes(form), 'a form of the key was written').toBe(false);
    console.log(
      `default run: ${subjects.key} requests with the key, ${subjects.address} without a valid one`,
    );
  }, 60_000);
});

/** The request-surface checks, which send only into the room the key's window has left after the rest. */
const ROOM_ONLY = new Set([
  'HTTP-CONDITIONAL-304',
  'HTTP-REQUEST-BODY-FRAMING',
  'HTTP-CANCEL-PATH-ID',
  'HTTP-BEARER-SPACING',
  'HTTP-SURFACE-PROPERTY',
]);

/** The requests of a run that fit themselves to the window's room, per bucket (read from its transcript.har). */
function adaptiveRequests(run: CliRun): { key: number; address: number } {
  const har = JSON.parse(readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8')) as {
    log: {
      entries: Array<{ _checkId?: string; request: { headers: Array<{ name: string; value: string }> } }>;
    };
  };
  const out = { key: 0, address: 0 };
  let race = 0;
  for (const e of har.log.entries) {
    const adaptive =
      e._checkId === 'STATE-SEQUENCE' ||
      ROOM_ONLY.has(e._checkId ?? '') ||
      (e._checkId === 'STATE-CANCEL-RACE' && ++race > RACERS + 1);
    if (!adaptive) continue;
    const auth = e.request.headers
      .filter((h) => h.name.toLowerCase() === 'authorization')
      .map((h) => h.value);
    out[auth.length === 1 && auth[0] === `Bearer $${KEY_VARIABLE}` ? 'key' : 'address'] += 1;
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

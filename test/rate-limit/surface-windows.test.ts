// --surface-windows: the request-surface property sends only into the room the key's window has left, and
// waits each further window out, as the probe does; no request is ever sent past X-RateLimit-Remaining 0.
import { describe, expect, it } from 'vitest';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

/** A long window the first run stays inside, and a short one, so the second spans several in seconds. */
const LONG = { limit: 12, windowSeconds: 60 };
const WINDOW = { limit: 12, windowSeconds: 2 };
const ONLY = ['--only', 'HTTP-SURFACE-PROPERTY', '--skip-rate-limit-probe', '--exhaustive', '--seed', '5'];

describe('the request surface over rate-limit windows', () => {
  it("stops at the window's room with one window, and covers the surface over several without a 429", async () => {
    const long = await reference({ rateLimit: LONG });
    const one = await runCliInProcess(ONLY, { env: targetEnv(long) }).finally(() => long.close());
    const first = checkOf(one, 'HTTP-SURFACE-PROPERTY');
    expect(first.status, one.stdout).toBe('pass');
    // The order list took one request of the window; the surface the rest, and no more: its cases, and the
    // plain GETs around its HEAD of the list (one or two: HTTP-HEAD-CONTENT-LENGTH compares them), not judged.
    expect(one.report!.requests.sent, one.stdout).toBe(LONG.limit);
    expect([1, 2], one.stdout).toContain(LONG.limit - 1 - (first.judged ?? 0));
    expect(first.details.join('\n')).toMatch(/no room left after 1 window\(s\).*--surface-windows/);
    const server = await reference({ rateLimit: WINDOW });
    const many = await runCliInProcess([...ONLY, '--surface-windows', '8'], { env: targetEnv(server) });
    await server.close();
    const all = checkOf(many, 'HTTP-SURFACE-PROPERTY');
    expect(all.status, many.stdout).toBe('pass');
    expect(all.judged, many.stdout).toBeGreaterThan(3 * WINDOW.limit);
    expect(server.stats().limited, many.stdout).toBe(0);
  }, 90_000);
});

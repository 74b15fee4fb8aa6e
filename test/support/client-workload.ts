// A well-behaved client of the API, as a team's own end-to-end tests would be: it lists (asking for JSON,
// then as curl does), pages, reads a pet, cancels a pending order and tries again, cancels a shipped one and
// an id no order has, sends a malformed id, calls without a key and with a wrong one, then uses the key up
// to a 429, waits what it says and goes on. Test support: sends through whatever base URL it is given
// (a proxy's), bounded in requests; asserts nothing.
import { request } from 'undici';

export interface Workload {
  baseUrl: string;
  key: string;
  pending: readonly string[];
  shipped: readonly string[];
  /** Most requests spent walking to the 429 (its limit and a margin). */
  walk?: number;
  /**
   * Walk from the start of a window (waiting out the X-RateLimit-Reset the last answer named, at most 10 s):
   * its 429 then comes early in the window, so where the window ends never decides what a wait after it meets.
   */
  freshWindow?: boolean;
}

/** An id far from every order of the reference's seed: no order has it. */
export const ABSENT_ID = '1234567890123';

type Answer = { status: number; headers: Record<string, string | string[] | undefined> };

async function once(
  w: Workload,
  method: 'GET' | 'DELETE',
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const res = await request(`${w.baseUrl}${path}`, {
    method,
    headers,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  await res.body.dump({ limit: 64 * 1024 * 1024 });
  return { status: res.statusCode, headers: res.headers };
}

/** Waits what a 429 says (at most 5 s: the tests' windows are short), as spec §8 rule 4 tells a client to. */
const waitOut = (res: Answer) => {
  const s = Number(res.headers['retry-after'] ?? 1);
  return new Promise((r) => setTimeout(r, Math.min(5, Number.isFinite(s) ? s : 1) * 1000 + 100));
};

/** One request; after a 429, once more when its Retry-After has passed (never before). */
async function send(
  w: Workload,
  method: 'GET' | 'DELETE',
  path: string,
  headers: Record<string, string> = { authorization: `Bearer ${w.key}` },
): Promise<Answer> {
  const res = await once(w, method, path, headers);
  if (res.status !== 429) return res;
  await waitOut(res);
  return once(w, method, path, headers);
}

/** Runs the workload; returns how many requests it sent. */
export async function exercise(w: Workload): Promise<number> {
  const key = { authorization: `Bearer ${w.key}` };
  const steps: Array<[method: 'GET' | 'DELETE', path: string, headers?: Record<string, string>]> = [
    ['GET', '/store/orders', { ...key, accept: 'application/json' }],
    ['GET', '/store/orders', { ...key, accept: '*/*' }],
    ['GET', '/store/orders?limit=2&offset=0'],
    ['GET', '/pets/101'],
    ['GET', '/store/orders', {}],
    ['DELETE', `/store/orders/${ABSENT_ID}`],
    ['DELETE', `/store/orders/${w.pending[0]}`, {}],
    ['DELETE', `/store/orders/${w.pending[0]}`],
    ['DELETE', `/store/orders/${w.pending[0]}`],
    ['DELETE', `/store/orders/${w.shipped[0]}`],
    ['DELETE', '/store/orders/7abc'],
    ['GET', '/store/orders', { authorization: 'Bearer not-a-key-1234567890' }],
    ['GET', '/pets/101', {}],
  ];
  let sent = 0;
  for (const [method, path, headers] of steps) {
    await send(w, method, path, headers);
    sent += 1;
  }
  if (w.freshWindow) {
    const last = await once(w, 'GET', '/store/orders', key);
    sent += 1;
    const reset = Number(last.headers['x-ratelimit-reset']);
    const ms = Number.isFinite(reset) ? reset * 1000 - Date.now() + 50 : 0;
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, 10_000))));
  }
  // Up to the limit, then as the spec tells a client: wait for the time Retry-After gives, and go on.
  for (let i = 0; i < (w.walk ?? 80); i++) {
    const res = await once(w, 'GET', '/store/orders', key);
    sent += 1;
    if (res.status !== 429) continue;
    await waitOut(res);
    await once(w, 'GET', '/store/orders', key);
    return sent + 1;
  }
  return sent;
}

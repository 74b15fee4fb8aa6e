// Synthetic probe samples and walks for the unit tests of the probe's pure readings (judge-*.test.ts).
// Test support only: built from header maps, never from a server.
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type Sample, sampleOf, type Walk } from '../../suites/rate-limit/probe/record.ts';

export const T0 = 1_800_000_000_000;

/** A sample as the probe would read it from a response with these headers, received at `at`. */
export function sample(n: number, status: number, headers: Record<string, string>, at = T0 + n * 10): Sample {
  const res = {
    exchange: { seq: n + 1 } as Exchange,
    status,
    headers,
    text: '',
    bytes: 0,
    receivedAtMs: at,
    json: () => ({ ok: false, error: 'none' }),
  } as unknown as Response;
  return sampleOf(res, n);
}

export const rl = (remaining: number, reset = T0 / 1000 + 2, limit = 5) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(reset),
});
export const refused = (extra: Record<string, string> = {}) => ({ ...rl(0), 'retry-after': '2', ...extra });

/** A walk of successes with these Remaining values, then (optionally) a 429. */
export function walkOf(remainings: number[], limited?: Record<string, string>): Walk {
  const samples = remainings.map((r, i) => sample(i, 404, rl(r)));
  if (limited) samples.push(sample(samples.length, 429, limited));
  const last = samples[samples.length - 1]!;
  return {
    samples,
    bound: remainings[0]! + 3,
    sent: samples.length - 1,
    spoofed: [],
    apart: [],
    headersRefused: [],
    ...(last.status === 429 ? { limited: last } : {}),
  };
}

/** The Limit of the one-window answers below. */
export const WINDOW_LIMIT = 10;
const WINDOW_RESET = Math.ceil((T0 + 10_000) / 1000);

/** An answer of one window (Limit 10, Reset 10 s ahead, the server's Date) to `method path`. */
export function windowAnswer(
  n: number,
  method: string,
  path: string,
  status: number,
  remaining: number,
): Sample {
  const at = T0 + 100 + n * 20;
  const s = sample(
    n,
    status,
    {
      'x-ratelimit-limit': String(WINDOW_LIMIT),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(WINDOW_RESET),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
    },
    at,
  );
  Object.assign(s.response.exchange, {
    request: { method, url: `http://127.0.0.1:9/v1${path}`, headers: {} },
  });
  return s;
}

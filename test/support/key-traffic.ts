// One key's traffic as a limiter sees it, built from a short description of each request: the exchanges the
// limiter-model tests beside suites/kit read (counts per key, per route, weights, refills).
import type { Bucket, Exchange } from '../../lib/http/transcript.ts';

export const BASE = 'http://127.0.0.1:9/v1';
/** The window end every answer announces unless it says otherwise. */
export const RESET = 1_795_700_000;
/** When the first request was sent (30 s before RESET). */
export const T0 = (RESET - 30) * 1000;

export interface Sent {
  method?: string;
  path: string;
  remaining?: number;
  status?: number;
  bucket?: Bucket;
  reset?: number;
  /** When it was sent, ms after the first; one request every 10 ms unless said. */
  at?: number;
  took?: number;
}

function headersOf(s: Sent): Record<string, string> {
  if (s.remaining === undefined) return {};
  return {
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': String(s.remaining),
    'x-ratelimit-reset': String(s.reset ?? RESET),
  };
}

export function run(...sent: Sent[]): Exchange[] {
  return sent.map((s, i) => ({
    seq: i + 1,
    bucket: s.bucket ?? 'primary',
    startedAt: new Date(T0 + (s.at ?? i * 10)).toISOString(),
    durationMs: s.took ?? 2,
    request: { method: s.method ?? 'GET', url: `${BASE}${s.path}`, headers: {} },
    response: {
      status: s.status ?? 200,
      headers: headersOf(s),
      body: '',
      bodyBytes: 0,
      bodyTruncated: false,
    },
  }));
}

export const del = (id: string, remaining?: number, more: Partial<Sent> = {}): Sent => ({
  method: 'DELETE',
  path: `/store/orders/${id}`,
  ...(remaining !== undefined ? { remaining } : {}),
  ...more,
});
export const list = (remaining?: number, more: Partial<Sent> = {}): Sent => ({
  path: '/store/orders',
  ...(remaining !== undefined ? { remaining } : {}),
  ...more,
});

// Unit tests of a step of X-RateLimit-Remaining by two that the run's own request with the key took (the held
// fixture's cancel among a paced Limit + 1 group): explained, while a step no request of the run fills stays one.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import { judgeSteps, remainingUnreliable } from './judge-counts.ts';
import type { Walk } from './record.ts';

const LIMIT = 60;
const RESET = String(T0 / 1000 + 10);
const head = (remaining: number) => ({
  'x-ratelimit-limit': String(LIMIT),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': RESET,
});

/** The walk of node-http's failed run: #8 read 59 of 60, then Limit + 1 together, the held cancel's 58 not a sample. */
function pacedWalk(): { walk: Walk; exchanges: Exchange[] } {
  const group = [59, ...Array.from({ length: 58 }, (_, i) => 57 - i)];
  const remainings = [59, ...group];
  const samples = remainings.map((r, i) => sample(i + 8, 404, head(r), T0 + 100 + i));
  const limited = sample(samples.length + 8, 429, { ...head(0), 'retry-after': '1' }, T0 + 200);
  samples.push(limited);
  const exchangeOf = (seq: number, startMs: number, status: number, remaining: number): Exchange => ({
    seq,
    bucket: 'primary',
    startedAt: new Date(startMs).toISOString(),
    durationMs: 50,
    request: { method: 'DELETE', url: 'http://127.0.0.1:9/v1/store/orders/1000', headers: {} },
    response: { status, headers: head(remaining), body: '', bodyBytes: 0, bodyTruncated: false },
  });
  // Every sample's exchange was sent together, 50 ms before its answer.
  for (const s of samples)
    Object.assign(s.response.exchange, { startedAt: new Date(s.response.receivedAtMs - 50).toISOString() });
  const walk: Walk = {
    samples,
    bound: 70,
    sent: samples.length - 1,
    spoofed: [],
    apart: [],
    headersRefused: [],
    limited,
  };
  return { walk, exchanges: [exchangeOf(1000, T0 + 60, 204, 58)] };
}

describe('a step of Remaining by two that a request of the run took', () => {
  it('the held cancel counted between two answers of the group: not unreliable, no step recorded', () => {
    const { walk, exchanges } = pacedWalk();
    expect(remainingUnreliable(walk, undefined, exchanges)).toBeUndefined();
    expect(judgeSteps(walk, exchanges).findings).toEqual([]);
  });

  it('the same step with no request of the run between: a real step of two, still caught', () => {
    const { walk, exchanges } = pacedWalk();
    expect(remainingUnreliable(walk)).toMatch(/fell by 2 on request #10/);
    expect(
      judgeSteps(walk)
        .findings.map((f) => f.message)
        .join(' '),
    ).toMatch(/fell by 2 on request #10 \(59 → 57\)/);
    // A request of the run answered 58 in another window, or long after the step: it took no count between.
    const elsewhere = exchanges.map((x) => ({
      ...x,
      response: {
        ...x.response!,
        headers: { ...x.response!.headers, 'x-ratelimit-reset': String(T0 / 1000 + 40) },
      },
    }));
    expect(remainingUnreliable(walk, undefined, elsewhere)).toMatch(/fell by 2/);
    const later = exchanges.map((x) => ({ ...x, startedAt: new Date(T0 + 5000).toISOString() }));
    expect(remainingUnreliable(walk, undefined, later)).toMatch(/fell by 2/);
  });

  it('a walk sample itself answered 58 explains nothing: each of its steps is read already', () => {
    const { walk } = pacedWalk();
    const own = walk.samples[1]!.response.exchange;
    const again: Exchange = {
      ...own,
      response: { status: 404, headers: head(58), body: '', bodyBytes: 0, bodyTruncated: false },
    };
    expect(remainingUnreliable(walk, undefined, [again])).toMatch(/fell by 2/);
  });
});

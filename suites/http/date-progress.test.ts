// Date's progress over the run: a Date frozen at start-up falls behind the run's clock, one that keeps up (or
// a clock set apart from ours) does not, and a stored response cannot make a finding where a fresh one came.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import {
  type Dated,
  datedResponses,
  dateProgress,
  LAG_TOLERANCE_MS,
  MIN_SPAN_MS,
  progressOfDates,
  readDates,
} from './date-progress.ts';

const T0 = Date.UTC(2026, 11, 6, 23, 0, 0);
let seq = 0;
/** A response the run sent at `sentS` seconds (received 50 ms later) whose Date reads `dateS` seconds. */
const at = (sentS: number, dateS: number): Dated => ({
  x: { seq: ++seq } as Exchange,
  date: T0 + dateS * 1000,
  sent: T0 + sentS * 1000 + 300,
  received: T0 + sentS * 1000 + 350,
});

describe('dateProgress', () => {
  it('finds a Date frozen at start-up behind by the whole span', () => {
    const p = dateProgress([at(0, 0), at(3, 0), at(12, 0)])!;
    expect(p.spanMs).toBeGreaterThanOrEqual(MIN_SPAN_MS);
    expect(p.lagMs).toBeGreaterThan(LAG_TOLERANCE_MS);
  });

  it('passes a Date that keeps up, whole seconds floored, and one offset from our clock', () => {
    expect(dateProgress([at(0, 0), at(6, 5), at(12, 11)])!.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
    expect(dateProgress([at(0, 3600), at(9, 3609)])!.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
  });

  it('judges by the later response that kept up best: one stored response makes no finding', () => {
    const p = dateProgress([at(0, 0), at(8, 8), at(9, 0)])!;
    expect(p.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
    expect(p.best.date).toBe(T0 + 8000);
  });

  it('judges nothing over less than the least span', () => {
    expect(dateProgress([at(0, 0), at(4, 0)])).toBeUndefined();
    expect(dateProgress([])).toBeUndefined();
  });
});

/** A recorded answer sent at `sentMs` and received `tookMs` later, with these headers. */
const answer = (sentMs: number, tookMs: number, headers: Record<string, string>): Exchange =>
  ({
    seq: ++seq,
    bucket: 'primary',
    startedAt: new Date(sentMs).toISOString(),
    durationMs: tookMs,
    request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
    response: { status: 200, headers, body: '', bodyBytes: 0, bodyTruncated: false },
  }) as unknown as Exchange;

describe('datedResponses', () => {
  it('reads each readable Date with its moments, in the order received, ties in the order given', () => {
    const date = (ms: number) => ({ date: new Date(ms).toUTCString() });
    const slow = answer(T0, 900, date(T0));
    const quick = answer(T0 + 100, 50, date(T0));
    const tie = answer(T0 + 140, 10, date(T0 + 1000));
    // A Date fifty years off is kept as it reads, not as a distance from the moment sent.
    const far = answer(T0 + 200, 5, date(T0 + 50 * 365 * 86_400_000));
    const cached = answer(T0 + 300, 5, { ...date(T0), age: '3' });
    const twice = answer(T0 + 400, 5, { date: `${date(T0).date}, ${date(T0).date}` });
    const none = answer(T0 + 500, 5, {});
    const dated = datedResponses([slow, quick, tie, far, cached, twice, none]);
    expect(dated.map((d) => d.x)).toEqual([quick, tie, far, slow]);
    expect(dated.map((d) => [d.date, d.sent, d.received])).toEqual([
      [T0, T0 + 100, T0 + 150],
      [T0 + 1000, T0 + 140, T0 + 150],
      [T0 + 50 * 365 * 86_400_000, T0 + 200, T0 + 205],
      [T0, T0, T0 + 900],
    ]);
  });
});

describe('progressOfDates', () => {
  const date = (ms: number) => ({ date: new Date(ms).toUTCString() });
  const summary = (p: ReturnType<typeof dateProgress>) =>
    p && {
      first: p.first.x,
      best: p.best.x,
      lagMs: p.lagMs,
      spanMs: p.spanMs,
      date: [p.first.date, p.best.date],
    };

  it('reads as dateProgress reads datedResponses: first received first, the best kept-up, ties in order', () => {
    // Given out of the order received; two received at once (the first given is first); two later ones that
    // kept up equally well (the first received is the best); a cached one and one without a Date between.
    const xs = [
      answer(T0 + 100, 100, date(T0)),
      answer(T0 + 150, 50, date(T0)),
      answer(T0, 200, date(T0)),
      answer(T0 + 9000, 40, { ...date(T0), age: '9' }),
      answer(T0 + 9500, 30, date(T0 + 9000)),
      answer(T0 + 9500, 20, date(T0 + 9000)),
      answer(T0 + 12_000, 5, {}),
      answer(T0 + 12_000, 5, date(T0 + 1000)),
    ];
    const { progress, dated } = progressOfDates(xs);
    const expected = dateProgress(datedResponses(xs));
    expect(dated).toBe(datedResponses(xs).length);
    expect(summary(progress)).toEqual(summary(expected));
    expect(progress?.first.x).toBe(xs[0]);
    expect(progress?.best.x).toBe(xs[5]);
  });

  it('reads nothing without a dated response, and no progress over less than the least span', () => {
    expect(progressOfDates([answer(T0, 5, {})])).toEqual({ dated: 0 });
    const short = [answer(T0, 5, date(T0)), answer(T0 + 1000, 5, date(T0))];
    expect(progressOfDates(short)).toEqual({ dated: 2 });
    expect(dateProgress(datedResponses(short))).toBeUndefined();
  });

  it('reads a Date repeated on answers in a row, a broken one between, as each reads alone', () => {
    const xs = [
      answer(T0, 5, date(T0)),
      answer(T0 + 10, 5, date(T0)),
      answer(T0 + 20, 5, { date: 'garbage' }),
      answer(T0 + 30, 5, date(T0)),
    ];
    const { at, date: dates, length } = readDates(xs);
    expect(Array.from(at.subarray(0, length))).toEqual([0, 1, 3]);
    expect(Array.from(dates.subarray(0, length))).toEqual([T0, T0, T0]);
  });
});

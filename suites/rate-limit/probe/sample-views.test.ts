// The views the recorded probe reads a whole recording through: each field as sampleOf reads it from the
// same answer (the spec's fields, the IETF draft's, none, a fractional Reset), and the response replayed anew.
import { describe, expect, it } from 'vitest';
import { replayed } from '../../../lib/http/recorded.ts';
import { type Exchange, rawOf, Transcript } from '../../../lib/http/transcript.ts';
import { RateLimitColumns } from '../../kit/rate-limit-columns.ts';
import { sampleOf } from './record.ts';
import { arrivedAtMs, exchangeOfSample, rateLimitDateOf, readyOf } from './sample-reads.ts';
import { sampleViews } from './sample-views.ts';
import { saneResetAtMs, windowStarts } from './windows.ts';

const T0 = 1_800_000_000_000;
const FIELDS = [
  'n',
  'status',
  'limit',
  'remaining',
  'reset',
  'resetAtMs',
  'serverNowMs',
  'announced',
] as const;

function recording(): Exchange[] {
  const transcript = new Transcript();
  const answers: Array<[number, Record<string, string>]> = [
    [
      200,
      { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': String(T0 / 1000 + 60) },
    ],
    [
      200,
      {
        'x-ratelimit-limit': '3',
        'x-ratelimit-remaining': '1',
        'x-ratelimit-reset': String(T0 / 1000 + 59.5),
        date: new Date(T0 + 2000).toUTCString(),
      },
    ],
    [200, { ratelimit: 'limit=10, remaining=4, reset=30', 'ratelimit-policy': '10;w=60' }],
    [404, {}],
    [429, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'retry-after': '30' }],
  ];
  return answers.map(([status, headers], i) =>
    transcript.add({
      bucket: 'primary',
      startedAt: new Date(T0 + i * 100).toISOString(),
      durationMs: 10,
      request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
      response: { status, headers, body: '', bodyBytes: 0, bodyTruncated: false },
    }),
  );
}

const answerOf = (x: Exchange) => replayed(x, rawOf(x.response!).headers, Buffer.alloc(0));

describe('sampleViews', () => {
  it('reads every field of each answer as sampleOf does, absent where it reads none', () => {
    const xs = recording();
    const views = sampleViews(xs, xs.length, answerOf);
    expect(views).toHaveLength(xs.length);
    xs.forEach((x, i) => {
      const made = sampleOf(answerOf(x), i);
      for (const field of FIELDS) expect(views[i]![field], `${field} of #${i}`).toEqual(made[field]);
      expect(views[i]!.response.exchange).toBe(x);
      expect(views[i]!.response.receivedAtMs).toBe(made.response.receivedAtMs);
      expect(views[i]!.response.headers).toEqual(made.response.headers);
    });
    // The draft's fields are read where the spec's are absent, and Limit and Reset stay absent without them.
    expect(views[2]!.announced?.remaining).toBe(4);
    expect(views[3]!.limit).toBeUndefined();
    expect(views[3]!.reset).toBeUndefined();
  });

  it('reads through the columns of the whole run when given them, the samples being some of its answers', () => {
    const all = recording();
    const xs = [all[4]!, all[1]!, all[2]!];
    const views = sampleViews(xs, xs.length, answerOf, new RateLimitColumns(all));
    xs.forEach((x, i) => {
      const made = sampleOf(answerOf(x), i);
      for (const field of FIELDS) expect(views[i]![field], `${field} of #${i}`).toEqual(made[field]);
      expect(views[i]!.response.exchange).toBe(x);
    });
    expect(() => sampleViews(xs, 1, answerOf, new RateLimitColumns(all.slice(0, 2)))).toThrow(/not one of/);
  });

  it('holds ready the moments the readings of a sequence ask, as they read them of a sample made by sampleOf', () => {
    const xs = recording();
    const views = sampleViews(xs, xs.length, answerOf);
    xs.forEach((x, i) => {
      const made = sampleOf(answerOf(x), i);
      const view = views[i]!;
      expect(readyOf(made)).toBeUndefined();
      expect(readyOf(view)).toBeDefined();
      expect(arrivedAtMs(view)).toBe(arrivedAtMs(made));
      expect(rateLimitDateOf(view), `Date of #${i}`).toBe(rateLimitDateOf(made));
      expect(saneResetAtMs(view), `sane Reset of #${i}`).toBe(saneResetAtMs(made));
      expect(exchangeOfSample(view)).toBe(x);
    });
    // The answer with a Date and a plausible Reset has both; the draft's reset is read without the spec's.
    expect(rateLimitDateOf(views[1]!)).toBe(T0 + 2000);
    expect(saneResetAtMs(views[0]!)).toBe(T0 + 60_000);
    expect(saneResetAtMs(views[2]!)).toBe(views[2]!.response.receivedAtMs + 30_000);
  });

  it('reads the window starts of a frozen sequence once, as they read of a copy', () => {
    const xs = recording();
    const views = sampleViews(xs, xs.length, answerOf);
    expect(Object.isFrozen(views)).toBe(true);
    const once = windowStarts(views);
    expect(windowStarts(views)).toBe(once);
    expect(once).toEqual(windowStarts([...views]));
    expect(windowStarts([...views])).not.toBe(windowStarts([...views]));
  });

  it('makes views of the first `count` answers only', () => {
    const xs = recording();
    expect(sampleViews(xs, 2, answerOf).map((v) => v.n)).toEqual([0, 1]);
  });
});

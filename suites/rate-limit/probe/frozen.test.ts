// Unit tests of the walk whose X-RateLimit-Remaining never moved and met no 429 (a limiter that never limits,
// its Remaining stuck): more than Limit served within one window fails the limit, also when the walk waited for
// a fresh window first (a loaded machine). Synthetic samples; nothing is sent.
import { describe, expect, it } from 'vitest';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import { judgeEnforced } from './judge-limit.ts';
import type { Sample, Walk } from './record.ts';

/** Remaining 5 of 5 at `at`, in the window ending at `endS` (Unix s), with the server's Date. */
function stuck(n: number, at: number, endS: number): Sample {
  return sample(
    n,
    n === 0 ? 404 : 200,
    {
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '5',
      'x-ratelimit-reset': String(endS),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
    },
    at,
  );
}

function walkOf(samples: Sample[]): Walk {
  return { samples, bound: 8, sent: samples.length - 1, spoofed: [], apart: [], headersRefused: [] };
}

const messages = (j: ReturnType<typeof judgeEnforced>) =>
  typeof j === 'string' ? [j] : j.findings.map((f) => f.message);

describe('a walk whose Remaining never moved and met no 429', () => {
  it('more than Limit served within the reading’s window fails', () => {
    const end = T0 / 1000 + 3;
    const w = walkOf(Array.from({ length: 8 }, (_, n) => stuck(n, T0 + 100 + n * 200, end)));
    expect(messages(judgeEnforced(w))).toEqual([
      expect.stringMatching(
        /^no 429 although 8 requests \(the reading and the walk\) were served within one window/,
      ),
    ]);
  });

  it('fails too when the walk waited for a fresh window after the reading (a loaded machine)', () => {
    // The reading near its window's end; the walk waited, then sent eight in the next window's first second.
    const reading = stuck(0, T0 + 2500, T0 / 1000 + 3);
    const next = T0 / 1000 + 6;
    const walked = Array.from({ length: 8 }, (_, i) => stuck(i + 1, T0 + 3100 + i * 200, next));
    const w = { ...walkOf([reading, ...walked]), waitedForWindowMs: 600 };
    expect(messages(judgeEnforced(w))).toEqual([
      expect.stringMatching(
        /^no 429 although 8 requests \(the walk's from request #1\) were served within one window/,
      ),
    ]);
  });

  it('says nothing of fewer than Limit + 1 in any one window', () => {
    const w = walkOf([
      ...Array.from({ length: 4 }, (_, n) => stuck(n, T0 + 100 + n * 100, T0 / 1000 + 3)),
      ...Array.from({ length: 4 }, (_, i) => stuck(i + 4, T0 + 3100 + i * 100, T0 / 1000 + 6)),
    ]);
    expect(messages(judgeEnforced(w)).join()).not.toMatch(/no 429 although/);
  });
});

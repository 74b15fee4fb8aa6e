// Which limiter leaves the walk's absent-id cancels uncounted: one counting per method (a DELETE served past
// Remaining 0, the next answer's Remaining unchanged by it) or one counting only what it answers 2xx (a DELETE
// refused 429, or a 2xx DELETE that took one); both named where the walk shows neither. Synthetic samples.
import { describe, expect, it } from 'vitest';
import { WINDOW_LIMIT, windowAnswer } from '../../../test/support/probe-records.ts';
import { deleteCounting, switchedWords } from './method-counting.ts';
import type { Sample, Walk } from './record.ts';
import { errorsUncounted, uncountedWords } from './uncounted.ts';

const LIMIT = WINDOW_LIMIT;
const answer = windowAnswer;

const list = (n: number, remaining: number) => answer(n, 'GET', '/store/orders', 200, remaining);
const absent = (n: number, remaining: number) => answer(n, 'DELETE', '/store/orders/1234567', 404, remaining);
const held = (n: number, status: number, remaining: number) =>
  answer(n, 'DELETE', '/store/orders/7', status, remaining);

/** The walk: three absent-id cancels that take nothing, the list down to 0, then what `tail` adds. */
function walkWith(tail: (n: number) => { samples: Sample[]; limited?: Sample }): Walk & {
  switched: NonNullable<Walk['switched']>;
} {
  const samples: Sample[] = [absent(0, LIMIT), absent(1, LIMIT), absent(2, LIMIT), absent(3, LIMIT)];
  for (let left = LIMIT - 1; left >= 0; left--) samples.push(list(samples.length, left));
  const end = tail(samples.length);
  samples.push(...end.samples);
  return {
    samples,
    bound: 20,
    sent: samples.length,
    spoofed: [],
    apart: [],
    headersRefused: [],
    ...(end.limited ? { limited: end.limited } : {}),
    switched: {
      to: { method: 'GET', path: '/store/orders', label: 'GET /store/orders' },
      uncounted: samples.slice(1, 4),
    },
  };
}

describe('a walk whose absent-id cancels took nothing from Remaining', () => {
  it('names a limiter counting per method where a DELETE was served past Remaining 0', () => {
    // A limiter mounted for GET and HEAD: the held fixture's cancel is carried out at 0, the list then refused.
    const w = walkWith((n) => ({
      samples: [held(n, 204, 0)],
      limited: answer(n + 1, 'GET', '/store/orders', 429, 0),
    }));
    expect(deleteCounting(w.samples, w.limited).counted).toBeUndefined();
    const words = switchedWords(w);
    expect(words).toMatch(
      /and a DELETE was answered 204 past Remaining 0 \(#\d+\), the next answer's Remaining unchanged by it \(#\d+, GET \/store\/orders: 429\): DELETEs are neither counted nor refused, a limiter counting per method/,
    );
    expect(words).not.toMatch(/or one counting per method/);
  });

  it('names a limiter counting only what it answers 2xx where a DELETE was refused 429', () => {
    const w = walkWith((n) => ({ samples: [], limited: held(n, 429, 0) }));
    expect(switchedWords(w)).toMatch(
      /, while a DELETE was refused 429 \(#\d+\): a limiter counting only what it answers 2xx \(not one that spares DELETEs\)/,
    );
  });

  it('names both where no DELETE of the walk was answered 2xx or 429', () => {
    const w = walkWith((n) => ({ samples: [], limited: answer(n, 'GET', '/store/orders', 429, 0) }));
    expect(switchedWords(w)).toMatch(
      /: a limiter counting only what it answers 2xx, or one counting per method that never counts a DELETE \(no DELETE of the walk answered 2xx or 429 to tell which\); the walk went on with GET \/store\/orders$/,
    );
  });
});

describe('RL-PROBE-LIMIT-ENFORCED on errors left uncounted, every one a DELETE', () => {
  const words = (w: Walk) => uncountedWords(errorsUncounted(w.samples)!, w.samples);

  it('names DELETEs uncounted where a DELETE was served past Remaining 0', () => {
    const w = walkWith((n) => ({
      samples: [held(n, 204, 0), answer(n + 1, 'GET', '/store/orders', 429, 0)],
    }));
    expect(words(w)).toMatch(
      /fell by one with each of \d+ answers 2xx, and a DELETE was answered 204 past Remaining 0 \(#\d+\)[\s\S]*: DELETEs are not counted \(a limiter counting per method\), not errors as such$/,
    );
  });

  it('names errors uncounted where a DELETE was refused 429', () => {
    const w = walkWith((n) => ({ samples: [held(n, 429, 0)] }));
    expect(words(w)).toMatch(/: errors are not counted \(a 4xx gives its hit back\)$/);
  });

  it('names both where no DELETE tells which', () => {
    const w = walkWith((n) => ({ samples: [answer(n, 'GET', '/store/orders', 429, 0)] }));
    expect(words(w)).toMatch(
      /: errors are not counted \(a 4xx gives its hit back\), or DELETEs are not \(every 4xx was a DELETE; see RL-PROBE-LIMITER-MODEL\)$/,
    );
  });
});

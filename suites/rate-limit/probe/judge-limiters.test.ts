// Unit tests of what the walk's judges make of limiters that are not a plain fixed window with 429s: a front
// refusing with 503, a window that turns mid-walk, a weighted request, headers naming another client, and
// only the IETF draft's fields. Synthetic samples (test/support/probe-records.ts); nothing is sent.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import { judgeClientAddress } from './judge-client-address.ts';
import { judgeSteps, repeatedWeight } from './judge-counts.ts';
import { judgeEnforced, judgeNotEarly } from './judge-limit.ts';
import type { Sample, Walk } from './record.ts';
import { gradualRefill } from './refill.ts';
import { windowStarts } from './windows.ts';

const messages = (j: ReturnType<typeof judgeEnforced>) =>
  typeof j === 'string' ? [j] : j.findings.map((f) => f.message);

describe('a limiter that refuses with another status', () => {
  it('a 503 where the limit is reached: enforced with the wrong status, judged early or not as a 429', () => {
    const w = walkOf([3, 2, 1, 0]);
    const front = sample(5, 503, { 'content-type': 'text/html' });
    w.samples.push(front);
    w.limited = front;
    w.sent += 1;
    expect(messages(judgeEnforced(w))).toEqual([
      expect.stringMatching(
        /request #5 was refused with 503 after X-RateLimit-Remaining 0 on request #3, without the rate-limit fields .*: refused with 503 where 429 is required/,
      ),
    ]);
    expect(judgeNotEarly(w)).toMatchObject({ findings: [] });
  });

  it('a refusal far from the limit says so and judges nothing', () => {
    const w = walkOf([30, 29]);
    const overload = sample(3, 503, rl(28));
    w.samples.push(overload);
    w.cutShort = overload;
    expect(judgeEnforced(w)).toMatch(
      /stopped at request #3 by a 503 while X-RateLimit-Remaining still said 29/,
    );
    expect(judgeNotEarly(w)).toMatch(/stopped by a 503 where the limit would not be reached/);
  });
});

describe('windows read from what the server says', () => {
  it('a rise back to full naming a later Reset is a new window, whatever the clocks say', () => {
    // A server whose clock runs 3 s ahead and sends no Date: its window turns before ours reads the moment.
    const a = sample(0, 404, rl(1, T0 / 1000 + 5, 5), T0);
    const b = sample(1, 404, rl(4, T0 / 1000 + 10, 5), T0 + 2000);
    expect(windowStarts([a, b])).toEqual([false, true]);
    // A token coming back (one more, the same moment) is no new window.
    const c = sample(1, 404, rl(2, T0 / 1000 + 5, 5), T0 + 100);
    expect(windowStarts([a, c])).toEqual([false, false]);
  });

  it('a single rise is no refill: refills must repeat', () => {
    const once = walkOf([3, 2, 3, 2, 1]);
    expect(gradualRefill(once)).toBeUndefined();
    const twice = walkOf([3, 2, 3, 2, 3, 2]);
    expect(gradualRefill(twice)).toMatch(/Remaining rose on 2 steps/);
  });

  it('a Remaining repeated by two requests sent together is no refill: a count read before it is written', () => {
    const alone = walkOf([4, 3, 3, 2, 1]);
    expect(gradualRefill(alone)).toMatch(/Remaining stayed on 1 of 4 steps/);
    // The third sent 15 ms before it was answered, before the second was: the two went together.
    const together = walkOf([4, 3, 3, 2, 1]);
    Object.assign(together.samples[2]!.response.exchange, { durationMs: 15 });
    expect(gradualRefill(together)).toBeUndefined();
  });
});

describe('a request charged more than one', () => {
  it('a step of two on every request is the request’s weight, not other traffic', () => {
    const w = walkOf([9, 7, 5, 3, 1], refused());
    expect(repeatedWeight(w)).toBe(2);
    expect(judgeSteps(w).findings[0]!.message).toMatch(/charged 2 on every step alike.*RL-BUCKET-ONE-UNIT/);
    // One jump among single steps is other traffic.
    expect(repeatedWeight(walkOf([9, 8, 6, 5, 4], refused()))).toBeUndefined();
  });
});

describe('requests naming another client address', () => {
  /** A walk with a spoofed request at position `at` whose answer has these headers. */
  function withSpoof(
    remainings: number[],
    at: number,
    spoofed: Record<string, string>,
    apart: boolean,
  ): Walk {
    const w = walkOf(remainings, refused());
    const s: Sample = {
      ...sample(at, 404, spoofed),
      spoofed: '192.0.2.10',
    };
    w.spoofed.push(s);
    if (apart) {
      w.apart.push(s);
      // Renumber the plain samples after it, as the walk would have.
      for (const x of w.samples) if (x.n >= at) x.n += 1;
    } else w.samples.splice(at, 0, s);
    return w;
  }

  it('a spoofed request refused with 429 past the limit, and one counted with the key: silent', () => {
    const w = walkOf([3, 2, 1, 0]);
    const s: Sample = { ...sample(4, 429, rl(0)), spoofed: '192.0.2.10' };
    w.samples.push(s);
    w.limited = s;
    w.spoofed.push(s);
    const mid: Sample = w.samples[2]!;
    mid.spoofed = '192.0.2.11';
    w.spoofed.unshift(mid);
    const j = judgeClientAddress(w);
    expect(j).toMatchObject({ findings: [] });
    expect(typeof j !== 'string' && j.observed).toMatch(/counted with the key's, and the one past the limit/);
  });

  it('served past the limit while the key’s next request is refused: stepped around', () => {
    // Remaining 0 on #3, the spoofed #4 served with a fresh count, the plain #5 refused.
    const w = withSpoof([3, 2, 1, 0], 4, rl(4), true);
    const last = sample(5, 429, refused());
    w.samples.push(last);
    w.limited = last;
    const j = judgeClientAddress(w);
    expect(messages(j)[0]).toMatch(/request #4, sent when X-RateLimit-Remaining was 0 .* stepped around/);
  });

  it('two fresh counts mid-walk while the key goes on counting without them: counted apart', () => {
    const w = walkOf([9, 8, 7, 6], refused());
    for (const at of [2, 4]) {
      const s: Sample = { ...sample(at * 10, 404, rl(9), T0 + at * 10 + 5), spoofed: `192.0.2.${at}` };
      w.spoofed.push(s);
      w.apart.push(s);
    }
    // Positions: the spoofed #20 between #1 (8) and #2 (7); #40 between #3 (6) and the 429.
    w.samples.forEach((x, i) => {
      x.n = i * 10 + (i > 0 ? 5 : 0);
    });
    w.spoofed[0]!.n = 12;
    w.spoofed[1]!.n = 32;
    const j = judgeClientAddress(w);
    expect(messages(j).join('\n')).toMatch(/2 requests naming another client address .* count of their own/);
  });

  it('blamed only against a control: plain requests that jump alike leave the headers unblamed', () => {
    // Several counts behind the key: the plain #45 jumps from 6 to 9 as the spoofed ones do.
    const w = walkOf([9, 8, 7, 6, 9, 8], refused());
    for (const at of [2, 4]) {
      const s: Sample = { ...sample(at * 10, 404, rl(9), T0 + at * 10 + 5), spoofed: `192.0.2.${at}` };
      w.spoofed.push(s);
      w.apart.push(s);
    }
    w.samples.forEach((x, i) => {
      x.n = i * 10 + (i > 0 ? 5 : 0);
    });
    w.spoofed[0]!.n = 12;
    w.spoofed[1]!.n = 32;
    expect(judgeClientAddress(w)).toMatch(/own requests, sent without those headers, did the same 1 time/);
  });

  it('the window the walk saw turn is no control: the spoofed counts are still blamed', () => {
    // The reading's window ends at once (2 left), the walk goes on in the next (#1 at 4): the same jump.
    const w = walkOf([2, 4, 3, 2, 1, 0], refused());
    for (const at of [2, 4]) {
      const s: Sample = { ...sample(at * 10, 404, rl(4), T0 + at * 10 + 5), spoofed: `192.0.2.${at}` };
      w.spoofed.push(s);
      w.apart.push(s);
    }
    w.samples.forEach((x, i) => {
      x.n = i * 10 + (i > 0 ? 5 : 0);
    });
    w.rolledAt = w.samples[1]!.n;
    w.spoofed[0]!.n = 22;
    w.spoofed[1]!.n = 42;
    expect(messages(judgeClientAddress(w)).join('\n')).toMatch(
      /2 requests naming another client address .* count of their own/,
    );
  });

  it('a walk that named no address judges nothing', () => {
    expect(judgeClientAddress(walkOf([1, 0], refused()))).toMatch(/too short to name another client/);
  });
});

describe('only the IETF draft fields', () => {
  it('bound the walk: no 429 within it is a limit never enforced, named by the draft field', () => {
    const draft = (r: number) => ({
      ratelimit: `"default";r=${r};t=30`,
      'ratelimit-policy': '"default";q=5;w=60',
    });
    const samples = [3, 2, 1, 0, 0, 0, 0].map((r, i) => sample(i, 404, draft(r)));
    const w: Walk = { samples, bound: 6, sent: 6, spoofed: [], apart: [], headersRefused: [] };
    expect(messages(judgeEnforced(w)).join()).toMatch(
      /no 429 after 6 requests, 3 more than the remaining of the IETF draft's RateLimit \(draft -08 and later\) allowed/,
    );
  });
});

describe('only the IETF draft fields, one served past their 0', () => {
  it('is a request past the limit not refused, named by the draft field', () => {
    const draft = (r: number) => ({
      ratelimit: `"default";r=${r};t=30`,
      'ratelimit-policy': '"default";q=5;w=60',
    });
    const samples = [3, 2, 1, 0, 0].map((r, i) => sample(i, 404, draft(r)));
    const limited = sample(5, 429, refused());
    const w: Walk = {
      samples: [...samples, limited],
      limited,
      bound: 6,
      sent: 5,
      spoofed: [],
      apart: [],
      headersRefused: [],
    };
    expect(messages(judgeEnforced(w)).join()).toMatch(
      /request #4 answered 404 although the response before it said .*RateLimit.* 0 in the same window/,
    );
  });
});

describe("the run's requests with the key beside the walk", () => {
  it('more than Limit served in one window across counts per route fails, though the walk alone did not', () => {
    const end = Math.ceil((T0 + 10_000) / 1000);
    const at = (n: number) => T0 + 1000 + n * 100;
    const answer = (n: number, remaining: number) =>
      sample(
        n,
        200,
        { ...rl(remaining, end), date: new Date(Math.floor(at(n) / 1000) * 1000).toUTCString() },
        at(n),
      );
    // The list's count 4, 3, 2 between the cancel's own 4 … 0, as the walk saw it before its 429.
    const run = [4, 4, 3, 3, 2, 2, 1, 0].map((r, n) => answer(n, r));
    const walk = walkOf([4, 3, 2, 1, 0], refused());
    expect(messages(judgeEnforced(walk))).toEqual([]);
    expect(messages(judgeEnforced(walk, undefined, run))).toEqual([
      expect.stringMatching(
        /^8 requests of the run's with the key \(#0 to #7\) were served within one announced window, more than its X-RateLimit-Limit 5: .*2 interleaved counts/,
      ),
    ]);
  });
});

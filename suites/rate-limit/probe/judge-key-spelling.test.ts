// RL-PROBE-KEY-SPELLING's reading of hand-made walks: the key as "bearer <key>" counted with the key's
// requests, served past the limit from a count of its own, or moving apart as "Bearer" does too. Pure.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, walkOf } from '../../../test/support/probe-records.ts';
import { judgeKeySpelling } from './judge-key-spelling.ts';
import { spellingOwed } from './key-spelling.ts';
import type { Respelled, Sample, Walk } from './record.ts';

const respelled = (): Respelled => ({ scheme: 'bearer', acceptedSeq: 1, sent: [], apart: [] });

/** A walk with a request under "bearer" at position `at`: in the key's count, or kept apart from it. */
function withSpelling(
  remainings: number[],
  at: number,
  headers: Record<string, string>,
  apart: boolean,
): Walk {
  const w = walkOf(remainings);
  w.respelled = respelled();
  const s: Sample = { ...sample(at, 404, headers), scheme: 'bearer' };
  w.respelled.sent.push(s);
  if (apart) {
    w.respelled.apart.push(s);
    for (const x of w.samples) if (x.n >= at) x.n += 1;
  } else w.samples.splice(at, 0, s);
  return w;
}

const messages = (j: ReturnType<typeof judgeKeySpelling>) =>
  typeof j === 'string' ? [j] : j.findings.map((f) => f.message);

describe('the key under another spelling of the scheme', () => {
  it('counted with the key mid-walk, the request past the limit refused: silent', () => {
    // Remaining 7 after a token came back as it was spent: still the key's count.
    const w = withSpelling([9, 8, 7, 6], 3, rl(7), false);
    const last = sample(5, 429, refused());
    w.samples.push(last);
    w.limited = last;
    const j = judgeKeySpelling(w);
    expect(j).toMatchObject({ findings: [] });
    expect(typeof j !== 'string' && j.observed).toMatch(/1 request\(s\) with the key as "bearer <key>"/);
  });

  it('served at Remaining 0 from a count of its own while "Bearer" is refused: the limit escaped', () => {
    // Remaining 0 on #3, "bearer" #4 served with a fresh count, "Bearer" #5 refused.
    const w = withSpelling([3, 2, 1, 0], 4, rl(4), true);
    const last = sample(5, 429, refused());
    w.samples.push(last);
    w.limited = last;
    expect(messages(judgeKeySpelling(w))[0]).toMatch(
      /^request #4, sent when X-RateLimit-Remaining was 0 with the key as "bearer <key>" .*was served \(404, Remaining 4\) while the key's next request, as "Bearer <key>", was refused/,
    );
  });

  it('blames no spelling when "Bearer" requests also move apart (several counts behind the key)', () => {
    // The plain walk jumps from 1 back up to 4 by itself: counts interleave whatever the spelling.
    const w = withSpelling([3, 2, 1, 4, 0], 5, rl(4), true);
    const last = sample(6, 429, refused());
    w.samples.push(last);
    w.limited = last;
    expect(judgeKeySpelling(w)).toMatch(/did the same .*several counts behind one key/);
  });

  it('passes nothing on an answer above the key’s count that the walk kept in it', () => {
    const w = withSpelling([9, 8, 7, 6], 3, rl(9), false);
    expect(judgeKeySpelling(w)).toMatch(/^nothing shows how .* could not be told apart/);
  });

  it('judges nothing when the walk sent nothing under the spelling', () => {
    const w = walkOf([2, 1, 0], refused());
    w.respelled = respelled();
    expect(judgeKeySpelling(w)).toMatch(/sent no request with the key as "bearer <key>"/);
  });
});

describe('spellingOwed (whether a lagging walk goes on for its request under another spelling)', () => {
  it('owed while Remaining stands within 5 of the Limit and none went; not once one went or below it', () => {
    const w = walkOf([4]);
    expect(spellingOwed(w, sample(1, 404, rl(57, undefined, 60)))).toBe(false);
    w.respelled = respelled();
    expect(spellingOwed(w, sample(1, 404, rl(57, undefined, 60)))).toBe(true);
    expect(spellingOwed(w, sample(1, 404, rl(55, undefined, 60)))).toBe(false);
    w.respelled.sent.push(sample(2, 404, rl(56, undefined, 60)));
    expect(spellingOwed(w, sample(1, 404, rl(57, undefined, 60)))).toBe(false);
  });
});

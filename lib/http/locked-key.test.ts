// Unit tests of the rule that keeps a locked key off the wire (locked-key.ts): a Retry-After longer than the run
// may wait is a limit of this harness, unless the target's own X-RateLimit-Reset names a moment within it.
import { describe, expect, it } from 'vitest';
import { LimitError } from '../config/limits.ts';
import { HarnessError } from '../errors.ts';
import { KeyWatch } from './key-watch.ts';
import { refuseLockedKey } from './locked-key.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';

function setting() {
  const now = 1_800_000_000_000;
  const pacer = new Pacer({ maxRequests: 100, maxWaitMs: 120_000, now: () => now, sleep: async () => {} });
  const watch = new KeyWatch({ redactor: new Redactor(), maxWaitMs: () => 120_000 });
  return { pacer, watch, now };
}

const thrown = (f: () => void): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('a key locked by a long Retry-After', () => {
  it('is a limit of this harness when nothing the target said names an earlier moment', () => {
    const { pacer, watch, now } = setting();
    pacer.observe('primary', 429, { 'retry-after': '5547' }, now);
    const e = thrown(() => refuseLockedKey({ kind: 'key' }, watch, pacer));
    expect(e).toBeInstanceOf(LimitError);
    expect((e as Error).message).toMatch(/a limit of this harness, not a fault of the target/);
  });

  it("names the target's two fields when its X-RateLimit-Reset is within the wait the run may make", () => {
    const { pacer, watch, now } = setting();
    pacer.observe(
      'primary',
      429,
      {
        'retry-after': '5547',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(now / 1000 + 6),
      },
      now,
    );
    const e = thrown(() => refuseLockedKey({ kind: 'key' }, watch, pacer));
    expect(e).toBeInstanceOf(HarnessError);
    expect(e).not.toBeInstanceOf(LimitError);
    expect((e as HarnessError).code).toBe('E_RATE_LIMIT_WAIT');
    expect((e as Error).message).toMatch(
      /may not send for .* \(Retry-After\), though its 429's X-RateLimit-Reset names a moment 6 s away: the target's two fields disagree \(see RL-PROBE-RETRY-AFTER-CONSISTENT\)/,
    );
    expect((e as Error).message).not.toMatch(/not a fault of the target/);
    // Once that moment has passed (the checks after the probe), the wait is still the target's.
    pacer.observe('secondary', 200, { 'x-ratelimit-remaining': '5' }, now);
    expect(pacer.locked('primary')?.resetInMs).toBe(6000);
  });

  it('says the Reset named has passed when the run asks after it', () => {
    let now = 1_800_000_000_000;
    const pacer = new Pacer({ maxRequests: 100, maxWaitMs: 120_000, now: () => now, sleep: async () => {} });
    const watch = new KeyWatch({ redactor: new Redactor(), maxWaitMs: () => 120_000 });
    pacer.observe(
      'primary',
      429,
      { 'retry-after': '5547', 'x-ratelimit-reset': String(now / 1000 + 6) },
      now,
    );
    now += 30_000;
    const e = thrown(() => refuseLockedKey({ kind: 'key' }, watch, pacer));
    expect((e as Error).message).toMatch(
      /X-RateLimit-Reset named a moment that has passed: the target's two fields disagree/,
    );
  });
});

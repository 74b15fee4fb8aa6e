// The run's memo makes each value once, reads it back under its key, and never makes one when peeked.
import { describe, expect, it } from 'vitest';
import { memoKey, RunMemo } from './memo.ts';

describe('RunMemo', () => {
  it('makes a value once per key and hands the same one back', () => {
    const memo = new RunMemo();
    const key = memoKey<{ n: number }>('test/value');
    let made = 0;
    const make = () => ({ n: ++made });
    const first = memo.once(key, make);
    expect(memo.once(key, make)).toBe(first);
    expect(made).toBe(1);
    // A key is its name: one rebuilt for the same name (an operation, an id) finds the same value.
    expect(memo.once(memoKey<{ n: number }>('test/value'), make)).toBe(first);
    expect(memo.once(memoKey<{ n: number }>('test/other'), make)).toEqual({ n: 2 });
  });

  it('keeps an undefined value, and peeks without making', () => {
    const memo = new RunMemo();
    const key = memoKey<string | undefined>('test/undefined');
    expect(memo.peek(key)).toBeUndefined();
    let made = 0;
    memo.once(key, () => {
      made += 1;
      return undefined;
    });
    memo.once(key, () => {
      made += 1;
      return 'again';
    });
    expect(made).toBe(1);
    expect(memo.peek(memoKey<number>('test/never'))).toBeUndefined();
  });

  it('is one per run: another memo holds nothing of the first', () => {
    const key = memoKey<number>('test/run');
    const a = new RunMemo();
    a.once(key, () => 1);
    expect(new RunMemo().peek(key)).toBeUndefined();
  });
});

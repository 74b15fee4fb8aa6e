import { describe, expect, it } from 'vitest';
import { Progress } from './progress.ts';

describe('Progress', () => {
  it('says nothing for work that ends before its first line is due, then counts and a rate only', () => {
    let now = 0;
    const lines: string[] = [];
    const p = new Progress(
      (l) => lines.push(l),
      2000,
      () => now,
    );
    for (let i = 1; i <= 4096; i++) p.tick('reading the recording', i);
    now = 2500;
    // Fewer than BIG entries print nothing, however long they took.
    for (let i = 4097; i <= 9000; i++) p.tick('reading the recording', i);
    expect(lines).toEqual([]);
    for (let i = 9001; i <= 10_240; i++) p.tick('reading the recording', i);
    expect(lines).toEqual(['  … reading the recording: 10,240 entries (4,096 a second)']);
    now = 5000;
    p.tick('judging', 3, 99, 'checks');
    now = 7100;
    p.tick('judging', 40, 99, 'checks');
    expect(lines.at(-1)).toBe('  … judging: 40 of 99 checks (19 a second)');
  });
});

// npm test starts its longest files first (test/support/sequencer.ts): every file that list names is one vitest
// runs, so a renamed or removed file cannot leave the list naming nothing while the file it meant starts late.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { ROOT } from '../support/cli.ts';
import { LONGEST_FIRST, LongestFirst } from '../support/sequencer.ts';

describe('the order npm test starts its files in', () => {
  it('is the longest-first sequencer, and each file it names exists and is one vitest runs', () => {
    expect(config.test?.sequence?.sequencer).toBe(LongestFirst);
    expect(LONGEST_FIRST.length).toBeGreaterThan(0);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
    const roots = (config.test?.include ?? []).map((g) => `${g.split('/')[0]}/`);
    expect(LONGEST_FIRST.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
    expect(
      LONGEST_FIRST.filter((f) => !f.endsWith('.test.ts') || !roots.some((r) => f.startsWith(r))),
    ).toEqual([]);
  });
});

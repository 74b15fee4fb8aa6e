// docs/checks.md says what every state check spends: one row per STATE- check, none for a check that is gone.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../index.ts';
import { STATE_COSTS } from './costs.ts';

describe('the state checks’ costs', () => {
  it('name every STATE- check, and only those', () => {
    const ids = ALL_CHECKS.filter((c) => c.id.startsWith('STATE-')).map((c) => c.id);
    expect(Object.keys(STATE_COSTS).sort()).toEqual([...ids].sort());
  });
});

// The fault catalogue as data: unique ids, each with its area, the rule it breaks and a description; FaultSet
// refuses what it does not know. Each fault's proof is in test/faults/.

import { describe, expect, it } from 'vitest';
import { FAULTS } from './catalogue.ts';
import { FaultSet } from './fault-set.ts';

describe('fault catalogue', () => {
  it('has unique ids, each with an area, the rule it breaks and a description', () => {
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const f of FAULTS) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(f.breaks).toMatch(/spec §\d|RFC \d+ §/);
      expect(f.description.length).toBeGreaterThan(10);
    }
  });

  it('FaultSet refuses unknown ids and ignores blanks', () => {
    expect(() => new FaultSet(['list-wrapped', 'list-wraped'])).toThrow(/"list-wraped".*--list-faults/);
    expect(new FaultSet([' list-wrapped ', '']).list()).toEqual(['list-wrapped']);
  });
});

// The rule catalogue and the checks agree: every check cites known rules, and every requirement of the spec
// is tested by a check or says why none tests it.
import { describe, expect, it } from 'vitest';
import { ruleProblems } from '../lib/check/rules.ts';
import { ALL_CHECKS } from './index.ts';
import { SPEC_RULES } from './spec-rules.ts';

describe('spec rules', () => {
  it('every check cites known rules and every requirement has a check or a reason', () => {
    expect(ruleProblems(SPEC_RULES, ALL_CHECKS)).toEqual([]);
  });

  it('covers every section of the spec', () => {
    const sections = new Set(SPEC_RULES.map((r) => r.id.split('.')[0]));
    expect([...sections].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});

// The integrity rule between a rule catalogue and the checks citing it, on small hand-made catalogues.
import { describe, expect, it } from 'vitest';
import { ruleProblems, type SpecRule } from './rules.ts';

const RULES: SpecRule[] = [
  { id: '4.cancel.r3', section: '§4 cancelOrder rule 3', text: '404', kind: 'requirement' },
  { id: '8.r5', section: '§8 rule 5', text: 'ban', kind: 'requirement', uncovered: 'never provoked' },
  { id: '7.r2', section: '§7 rule 2', text: 'not shown', kind: 'unspecified' },
  { id: '9.r2', section: '§9 rule 2', text: 'v2', kind: 'informative' },
];

describe('ruleProblems', () => {
  it('accepts checks that cite known rules, and an uncovered requirement that says why', () => {
    expect(ruleProblems(RULES, [{ id: 'CANCEL-UNKNOWN-404', rules: ['4.cancel.r3', '7.r2'] }])).toEqual([]);
  });

  it('names a check citing an unknown rule, citing nothing, or citing an informative statement', () => {
    expect(
      ruleProblems(RULES, [
        { id: 'A-ONE', rules: ['4.cancel.r3', '4.cancel.r9'] },
        { id: 'A-TWO', rules: [] },
        { id: 'A-THREE', rules: ['9.r2'] },
      ]),
    ).toEqual([
      'check A-ONE cites unknown rule 4.cancel.r9',
      'check A-TWO cites no spec rule',
      'check A-THREE cites informative rule 9.r2',
    ]);
  });

  it('names a requirement with neither a check nor a reason, and a stale reason', () => {
    expect(ruleProblems(RULES, [{ id: 'A-ONE', rules: ['7.r2'] }])).toEqual([
      'requirement 4.cancel.r3 (§4 cancelOrder rule 3) has neither a check nor a reason',
    ]);
    expect(ruleProblems(RULES, [{ id: 'A-ONE', rules: ['4.cancel.r3', '8.r5'] }])).toEqual([
      'requirement 8.r5 is cited by a check but still gives a reason to be uncovered',
    ]);
  });

  it('names malformed and repeated ids', () => {
    const bad: SpecRule[] = [
      ...RULES,
      { ...RULES[0]! },
      { id: 'Four', section: '§4', text: 'x', kind: 'unspecified' },
    ];
    expect(ruleProblems(bad, [{ id: 'A-ONE', rules: ['4.cancel.r3'] }])).toEqual([
      'rule 4.cancel.r3 is listed twice',
      'rule id Four is not of the form 4.cancel.r2',
    ]);
  });
});

// Coverage of a small hand-made rule catalogue by hand-made checks: counts, per-rule statuses, and the reason
// named for every testable rule no selected check tests.

import { describe, expect, it } from 'vitest';
import type { SpecRule } from '../check/rules.ts';
import { renderSettings } from '../config/setting-words.ts';
import { type CoverageCheck, coverageOf } from './coverage.ts';

const RULES: SpecRule[] = [
  { id: '4.cancel.r3', section: '§4 cancelOrder rule 3', text: '404', kind: 'requirement' },
  { id: '4.cancel.r2', section: '§4 cancelOrder rule 2', text: '409', kind: 'requirement' },
  { id: '8.r1', section: '§8 rule 1', text: 'headers', kind: 'requirement' },
  { id: '8.r5', section: '§8 rule 5', text: 'ban', kind: 'requirement', uncovered: 'never provoked' },
  { id: '7.r2', section: '§7 rule 2', text: 'not shown', kind: 'unspecified' },
  { id: '9.r2', section: '§9 rule 2', text: 'v2', kind: 'informative' },
];

const CHECKS: CoverageCheck[] = [
  { id: 'CANCEL-UNKNOWN-404', level: 'MUST', rules: ['4.cancel.r3'] },
  { id: 'CANCEL-SHIPPED-409', level: 'MUST', rules: ['4.cancel.r2', '7.r2'] },
  { id: 'RL-HEADERS-ALL', level: 'MUST', rules: ['8.r1'] },
];

describe('coverageOf', () => {
  it('counts testable, covered and evaluated rules and gives each rule its checks with their statuses', () => {
    const c = coverageOf(
      RULES,
      CHECKS,
      CHECKS.map((x) => x.id),
      [
        { id: 'CANCEL-UNKNOWN-404', status: 'fail' },
        { id: 'CANCEL-SHIPPED-409', status: 'skip' },
      ],
    );
    expect(c).toMatchObject({ testable: 4, covered: 3, evaluated: 1 });
    expect(c.uncovered).toEqual([{ id: '8.r5', section: '§8 rule 5', reason: 'never provoked' }]);
    const rule = (id: string) => c.rules.find((r) => r.id === id)!;
    expect(rule('4.cancel.r3').checks).toEqual([{ id: 'CANCEL-UNKNOWN-404', level: 'MUST', status: 'fail' }]);
    expect(rule('4.cancel.r2').checks[0]!.status).toBe('skip');
    expect(rule('8.r1').checks[0]!.status).toBe('not-run');
    expect(rule('7.r2')).toMatchObject({ kind: 'unspecified', checks: [{ id: 'CANCEL-SHIPPED-409' }] });
    expect(rule('7.r2').uncovered).toBeUndefined();
    // Per rule, the MUST coverage: selected MUST checks citing it, and how many reached pass or fail.
    expect(rule('4.cancel.r3').must).toEqual({ selected: 1, evaluated: 1 });
    expect(rule('4.cancel.r2').must).toEqual({ selected: 1, evaluated: 0 });
    expect(rule('8.r5').must).toEqual({ selected: 0, evaluated: 0 });
    expect(rule('9.r2').checks).toEqual([]);
    expect(c.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
  });

  it('names the selection as the reason when --only/--skip left out the checks that test a rule', () => {
    const c = coverageOf(RULES, CHECKS, ['CANCEL-UNKNOWN-404'], []);
    expect(c).toMatchObject({ testable: 4, covered: 1, evaluated: 0 });
    expect(c.uncovered.map((u) => renderSettings(`${u.id}: ${u.reason}`, 'cli'))).toEqual([
      '4.cancel.r2: left out by the selection (--only/--skip): CANCEL-SHIPPED-409',
      '8.r1: left out by the selection (--only/--skip): RL-HEADERS-ALL',
      '8.r5: never provoked',
    ]);
  });
});

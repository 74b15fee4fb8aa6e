// The plan as printed before the first request: a sampling check is named with what it sends in this mode and
// in the other, and the setting that sends every case is named. Built on planRun, nothing sent.

import { describe, expect, it } from 'vitest';
import { renderSettings } from '../config/setting-words.ts';
import { type PlanCheck, type PlanInputs, planRun } from '../run/plan-checks.ts';
import { leftOut, notJudged, partlyJudgedLines, planLines } from './console.ts';

const INPUTS: PlanInputs = {
  cancellable: 0,
  shipped: 0,
  grants: {
    secondKey: false,
    keyPlan: false,
    burst: false,
    probeOff: true,
    keyInUrl: false,
    propertyRuns: 0,
    exhaustive: false,
  },
  maxRequests: 100,
  maxWaitSeconds: 120,
  probe: { known: false, floor: 0 },
};

const CHECKS: PlanCheck[] = [
  { id: 'LIST-A', level: 'MUST', needs: { requests: 2 } },
  { id: 'AUTH-S', level: 'MUST', needs: { requests: 4, exhaustive: 30 } },
  { id: 'PATH-T', level: 'MUST', needs: { requests: 0, shared: { spell: { requests: 3, exhaustive: 9 } } } },
];

describe('planLines', () => {
  it('names each sampling check with both counts and the setting that sends every case', () => {
    const sample = renderSettings(planLines(planRun(CHECKS, INPUTS), 100).join('\n'), 'cli');
    expect(sample).toContain('sampled: AUTH-S (up to 4 of 30 requests), PATH-T (up to 3 of 9 requests)');
    expect(sample).toContain(
      'every case with --exhaustive / ORDER_STORE_EXHAUSTIVE: up to 41 requests in all',
    );
    const all = renderSettings(
      planLines(planRun(CHECKS, { ...INPUTS, grants: { ...INPUTS.grants, exhaustive: true } }), 100).join(
        '\n',
      ),
      'cli',
    );
    expect(all).toContain(
      'exhaustive (--exhaustive / ORDER_STORE_EXHAUSTIVE): every case of AUTH-S (up to 30 requests; its sample 4)',
    );
    expect(all).not.toContain('sampled:');
  });

  it('says nothing of sampling when no check samples', () => {
    const lines = planLines(planRun(CHECKS.slice(0, 1), INPUTS), 100).join('\n');
    expect(lines).not.toMatch(/sampled|exhaustive/);
  });
});

describe('leftOut', () => {
  it("names the check whose finding left a MUST out, as 'because of' it", () => {
    const xs = [
      { id: 'STATE-CANCEL-RACE', level: 'MUST', because: 'RL-PROBE-LIMIT-ENFORCED' },
      { id: 'RL-PROBE-BURST', level: 'MUST' },
      { id: 'ID-CANCEL-PLUS-SIGN-INFO', level: 'INFO' },
    ];
    expect(leftOut(xs, true)).toBe(
      '3 left out (2 MUST: STATE-CANCEL-RACE because of RL-PROBE-LIMIT-ENFORCED, RL-PROBE-BURST)',
    );
  });
});

describe('notJudged', () => {
  const reason =
    'the window renewed before the walk could spend it: raise --max-wait-seconds to wait a window out';
  it('names the MUSTs of the first reason, that reason cut short, and counts the rest', () => {
    const line = notJudged([
      { id: 'RL-PROBE-LIMIT-ENFORCED', level: 'MUST', cause: 'outcome', reason },
      { id: 'RL-PROBE-429-HEADERS', level: 'MUST', cause: 'outcome', reason },
      {
        id: 'STATE-CANCEL-RACE',
        level: 'MUST',
        cause: 'outcome',
        because: 'RL-PROBE-LIMIT-ENFORCED',
        reason: 'its fixture was spent',
      },
      { id: 'ID-CANCEL-PLUS-SIGN-INFO', level: 'INFO', cause: 'input', reason: 'opt-in' },
    ]);
    expect(line).toBe(
      `3 MUST not judged (RL-PROBE-LIMIT-ENFORCED, RL-PROBE-429-HEADERS: ${reason.slice(0, 79)}…; 1 more)`,
    );
  });

  it("names the check whose finding left a MUST out, as 'because of' it", () => {
    const line = notJudged([
      {
        id: 'STATE-CANCEL-RACE',
        level: 'MUST',
        cause: 'outcome',
        because: 'RL-PROBE-LIMIT-ENFORCED',
        reason: 'spent',
      },
    ]);
    expect(line).toBe('1 MUST not judged (STATE-CANCEL-RACE because of RL-PROBE-LIMIT-ENFORCED: spent)');
  });

  it('says nothing when every MUST was judged', () => {
    expect(
      notJudged([{ id: 'ID-CANCEL-PLUS-SIGN-INFO', level: 'INFO', cause: 'input', reason: 'opt-in' }]),
    ).toBe(undefined);
  });
});

describe('partlyJudgedLines', () => {
  it('names a passed check that withheld a case, with what to give, and nothing else', () => {
    const check = (id: string, status: string, details: string[]) => ({ id, status, details });
    const report = {
      checks: [
        check('ID-CANCEL-MISREAD', 'pass', [
          'tried 1002- → 400',
          'not judged: 9223372036854775808 (list 9223372036854775807 in --cancellable-order-ids)',
        ]),
        check('AUTH-X', 'pass', ['not judged on GET /pets: refused']),
        check('ID-OTHER', 'fail', ['not judged: withheld too']),
      ],
    } as unknown as Parameters<typeof partlyJudgedLines>[0];
    expect(partlyJudgedLines(report)).toEqual([
      '  partly judged: ID-CANCEL-MISREAD: 9223372036854775808 (list 9223372036854775807 in --cancellable-order-ids)',
    ]);
  });
});

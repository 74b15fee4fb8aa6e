// Each state check is one declaration: its one judge is what a recording is judged by (no traffic.ts twin),
// or its run says why no recording shows it; a judge that found nothing is left out with its sending's
// reason in a live run, and not observed over a recording. Pure; no server.
import { describe, expect, it } from 'vitest';
import { skipOf } from '../../lib/check/skip.ts';
import { RunMemo } from '../../lib/run/memo.ts';
import { recordingOf } from '../index.ts';
import type { Ctx } from '../kit/context.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { stateBeforeFirstCancel, stateOverTime } from './checks.ts';
import { leaveOut, nothingJudged } from './left-out.ts';

const CHECKS = [...stateBeforeFirstCancel.checks, ...stateOverTime.checks];

describe('the state checks', () => {
  it('each declare how a recording shows them, and judge it with the judge of a live run', () => {
    expect(CHECKS.length).toBeGreaterThan(10);
    for (const c of CHECKS) {
      expect(c.recorded, c.id).toBeDefined();
      if (c.run) {
        expect(c.recorded, c.id).toHaveProperty('only');
        continue;
      }
      expect(c.recorded, c.id).toHaveProperty('shows');
      expect(recordingOf(c)!.judge, c.id).toBe(c.judge);
    }
    expect(CHECKS.filter((c) => c.run).map((c) => c.id)).toEqual(['STATE-SEQUENCE']);
  });
});

/** The context nothingJudged reads: the run's memo, the current check, and its skip. */
function contextOf(memo: RunMemo, id: string): Ctx {
  return {
    memo,
    check: { id },
    skip: (why: unknown) => {
      throw why;
    },
  } as unknown as Ctx;
}

/** What `f` ended the check with. */
function skipped(f: () => unknown): unknown {
  try {
    f();
  } catch (why) {
    return why;
  }
  throw new Error('the check was not left out');
}

describe('a judge that found nothing', () => {
  const unseen = skipOf('no cancel of one order on the wire together', NOT_OBSERVED);

  it('is not observed where no sending left a reason (a recording)', () => {
    expect(skipped(() => nothingJudged(contextOf(new RunMemo(), 'STATE-X'), unseen))).toEqual(unseen);
  });

  it("is left out with its own sending's reason, never another check's", () => {
    const memo = new RunMemo();
    const why = skipOf('the held fixture was no longer pending', { kind: 'outcome' });
    leaveOut(contextOf(memo, 'STATE-X'), why);
    expect(skipped(() => nothingJudged(contextOf(memo, 'STATE-X'), unseen))).toEqual(why);
    expect(skipped(() => nothingJudged(contextOf(memo, 'STATE-Y'), unseen))).toEqual(unseen);
  });
});

// What a judge of the probe's record returns (findings, notes, an observation), and how an RL-PROBE check turns
// it, or a phase's outcome, into its verdict. It never sends: the session does.
import type { Finding } from '../../../lib/check/run-check.ts';
import { OUTCOME } from '../../../lib/check/skip.ts';
import type { Exchange } from '../../../lib/http/transcript.ts';
import type { Ctx } from '../../kit/context.ts';
import type { Outcome, Sample } from './record.ts';

/** A finding of the probe's judges: the check's Finding, cited by the sample that shows it, with its message. */
export interface ProbeFinding extends Pick<Finding, 'expected' | 'actual'> {
  message: string;
  sample?: Sample;
  /** The exchange that shows it, when it is none of the probe's samples (a request of the run's). */
  exchange?: Exchange;
}

export interface Judgement {
  findings: ProbeFinding[];
  notes: string[];
  /** What was seen, when nothing is wrong. */
  observed: string;
  /** How many observations (responses, steps) the judgement rests on: 0 is nothing to judge. */
  count: number;
}

export const judged = (
  observed: string,
  count: number,
  findings: ProbeFinding[] = [],
  notes: string[] = [],
): Judgement => ({
  count,
  findings,
  notes,
  observed,
});

/** Like problems reported once, with a count and the first as evidence. */
export function grouped(items: Sample[], total: number, say: (first: Sample) => string): ProbeFinding[] {
  if (items.length === 0) return [];
  const first = items[0]!;
  const more = items.length > 1 ? ` (${items.length} of ${total}; the first shown)` : '';
  return [{ message: `${say(first)}${more}`, sample: first }];
}

/** The outcome's value; otherwise the check ends as the outcome says (skip with its reason, or error). */
export function take<T>(ctx: Ctx, outcome: Outcome<T>): T {
  if (outcome.kind === 'skip') ctx.skip(outcome);
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.value;
}

/**
 * Turns a judgement into the check's problems, notes and observation; a string is a reason to skip, as what
 * the probe saw leaves nothing to judge (an outcome).
 */
export function apply(ctx: Ctx, j: Judgement | string): void {
  if (typeof j === 'string') ctx.skip(j, OUTCOME);
  for (const n of j.notes) ctx.note(n);
  for (const f of j.findings) {
    ctx.problem(f.message, {
      ...(f.expected !== undefined ? { expected: f.expected } : {}),
      ...(f.actual !== undefined ? { actual: f.actual } : {}),
      ...(f.sample ? { exchange: f.sample.response.exchange } : f.exchange ? { exchange: f.exchange } : {}),
    });
  }
  ctx.observe(j.observed, j.count);
}

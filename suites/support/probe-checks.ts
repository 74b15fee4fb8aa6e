// What every RL-PROBE check does with the probe's record: take a phase's outcome (or skip/err as it says),
// and turn a judgement into problems, notes and an observation. It never sends: the session does.
import type { Ctx } from './context.ts';
import type { Judgement } from './probe-judge-walk.ts';
import type { Outcome, ProbeRecord, Sample, Walk } from './probe-model.ts';
import { probeOf } from './probe-session.ts';

/** The outcome's value; otherwise the check ends as the outcome says (skip with its reason, or error). */
export function take<T>(ctx: Ctx, outcome: Outcome<T>): T {
  if (outcome.kind === 'skip') ctx.skip(outcome.reason);
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.value;
}

/** Turns a judgement into the check's problems, notes and observation; a string is a reason to skip. */
export function apply(ctx: Ctx, j: Judgement | string): void {
  if (typeof j === 'string') ctx.skip(j);
  for (const n of j.notes) ctx.note(n);
  for (const f of j.findings) {
    ctx.problem(f.message, {
      ...(f.expected !== undefined ? { expected: f.expected } : {}),
      ...(f.actual !== undefined ? { actual: f.actual } : {}),
      ...(f.sample ? { exchange: f.sample.response.exchange } : {}),
    });
  }
  ctx.observe(j.observed);
}

/** The walk, with the probe's samples attached as evidence. */
export async function walkOf(ctx: Ctx): Promise<{ record: ProbeRecord; walk: Walk }> {
  const record = await probeOf(ctx).run();
  const walk = take(ctx, record.walk);
  ctx.evidence(...walk.samples.slice(-3).map((s) => s.response.exchange));
  return { record, walk };
}

/** The walk's 429; the check is skipped when the walk met none. */
export async function limitedOf(ctx: Ctx): Promise<Sample> {
  const { walk } = await walkOf(ctx);
  if (!walk.limited) ctx.skip('the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)');
  return walk.limited;
}

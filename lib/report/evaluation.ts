// What a run evaluated and what it did not: the MUST checks that reached a verdict, and every selected check
// that did not, with why (a skip's cause, a harness error, never run). Pure; the verdict rule reads it.
import type { CheckResult, Level } from '../check/model.ts';
import type { SkipKind } from '../check/skip.ts';
import type { MustFloor } from '../config/config.ts';
import { flagRef, type SettingKey } from '../config/settings.ts';
import type { RunPlan } from '../run/plan-checks.ts';
import { count } from '../words.ts';

export type Profile = 'standard' | 'certification';

export interface NotEvaluated {
  id: string;
  level: Level;
  /** skip: the kind of its cause; error: the harness broke on it; not-run: the run ended before it. */
  cause: SkipKind | 'error' | 'not-run';
  /** The setting that would let it run, when its skip names one. */
  setting?: SettingKey;
  /** The check whose finding left it out, when one did. */
  because?: string;
  reason: string;
  /** For a check the run never reached (not-run): its spec area, so junit.xml can list it where it belongs. */
  suite?: string;
}

export interface Evaluation {
  profile: Profile;
  /** MUST checks selected, and how many reached pass or fail. */
  must: { selected: number; evaluated: number };
  /** Every selected check with no verdict on the target, in run order. */
  notEvaluated: NotEvaluated[];
  /** What the run planned before its first request. */
  plan: Pick<RunPlan, 'requests' | 'longestWaitSeconds' | 'probe'> & { skips: number };
  /**
   * The gate's floor of MUST checks evaluated (--min-must-evaluated, `planned` by default in CI), as written,
   * and the MUST checks the plan ran: fewer evaluated than the floor makes the run incomplete.
   */
  minMustEvaluated?: {
    floor: string;
    wanted: number;
    /** The MUST checks the floor counts as not evaluated (under `planned`, only those the plan ran). */
    missing: string[];
    /** Under `planned`: the MUST checks the plan ran that were excused (a setting chosen, or moot by another verdict). */
    excused?: string[];
  };
}

/** The floor as the setting writes it. */
export const floorText = (f: MustFloor): string =>
  f.kind === 'count' ? String(f.value) : f.kind === 'percent' ? `${f.value}%` : f.kind;

/** How many MUST checks of `selected` the floor asks to be evaluated, with the plan running `planned` of them. */
export function floorCount(f: MustFloor, selected: number, planned: number): number {
  if (f.kind === 'count') return f.value;
  if (f.kind === 'percent') return Math.ceil((f.value / 100) * selected - 1e-9);
  return f.kind === 'all' ? selected : planned;
}

export function evaluationOf(
  selected: readonly { id: string; level: Level; suite?: string }[],
  results: readonly CheckResult[],
  plan: RunPlan,
  profile: Profile,
  floor?: MustFloor,
  /** The settings the run was given a value for: a skip naming one of them is a choice, not a shortfall. */
  chosen: readonly SettingKey[] = [],
  /** Why the checks the run never reached were not run (an interruption, the run stopping early). */
  stoppedBy: readonly string[] = [],
): Evaluation {
  const notRun = `the run ended before it${stoppedBy.length > 0 ? ` (${stoppedBy.join('; ').slice(0, 300)})` : ''}`;
  const byId = new Map(results.map((r) => [r.id, r]));
  const notEvaluated: NotEvaluated[] = [];
  let mustEvaluated = 0;
  for (const c of selected) {
    const r = byId.get(c.id);
    if (!r)
      notEvaluated.push({
        id: c.id,
        level: c.level,
        cause: 'not-run',
        reason: notRun,
        ...(c.suite !== undefined ? { suite: c.suite } : {}),
      });
    else if (r.status === 'skip')
      notEvaluated.push({
        id: c.id,
        level: c.level,
        // A report written before skips carried their cause reads as an outcome.
        cause: r.cause?.kind ?? 'outcome',
        ...(r.cause?.setting ? { setting: r.cause.setting } : {}),
        ...(r.cause?.check ? { because: r.cause.check } : {}),
        reason: r.message,
      });
    else if (r.status === 'error')
      notEvaluated.push({ id: c.id, level: c.level, cause: 'error', reason: r.message });
    else if (c.level === 'MUST') mustEvaluated++;
  }
  return {
    profile,
    must: { selected: selected.filter((c) => c.level === 'MUST').length, evaluated: mustEvaluated },
    notEvaluated,
    plan: {
      requests: plan.requests,
      longestWaitSeconds: plan.longestWaitSeconds,
      probe: plan.probe,
      skips: plan.checks.filter((c) => !c.run).length,
    },
    ...(floor ? { minMustEvaluated: floorOf(floor, selected, plan, notEvaluated, chosen) } : {}),
  };
}

/** Opt-ins that spend more of the target's quota: a run that declines them (the default) chose to. */
const SPENDING_OPT_INS: readonly SettingKey[] = ['exhaustive', 'burst'];

/** Whether a planned MUST that did not run is excused under `planned`: a choice, or moot by another verdict. */
function excusedUnderPlanned(n: NotEvaluated, chosen: readonly SettingKey[]): boolean {
  if (n.cause === 'outcome') return true;
  return (
    n.cause === 'input' &&
    n.setting !== undefined &&
    (chosen.includes(n.setting) || SPENDING_OPT_INS.includes(n.setting))
  );
}

/**
 * The floor's count. Under `planned`, every MUST the plan ran, less those excused: skipped for a setting the
 * run was given (--skip-rate-limit-probe leaves RL-HEADERS-RETRY-AFTER-VALID nothing to judge) or an opt-in
 * that spends quota it declined (--exhaustive), or made moot by another check's verdict (that check carries
 * it). A skip for what the target did (a list that looks like a page, so no id can be sent as absent) counts.
 */
function floorOf(
  floor: MustFloor,
  selected: readonly { id: string; level: Level }[],
  plan: RunPlan,
  notEvaluated: readonly NotEvaluated[],
  chosen: readonly SettingKey[],
): NonNullable<Evaluation['minMustEvaluated']> {
  const planned = new Set(plan.checks.filter((c) => c.run && c.level === 'MUST').map((c) => c.id));
  const excused = notEvaluated
    .filter((n) => planned.has(n.id) && excusedUnderPlanned(n, chosen))
    .map((n) => n.id);
  const wanted = floorCount(floor, selected.filter((c) => c.level === 'MUST').length, planned.size);
  const musts = notEvaluated.filter((n) => n.level === 'MUST');
  const missing =
    floor.kind === 'planned' ? musts.filter((n) => planned.has(n.id) && !excused.includes(n.id)) : musts;
  return {
    floor: floorText(floor),
    wanted: floor.kind === 'planned' ? wanted - excused.length : wanted,
    missing: missing.map((n) => n.id),
    ...(floor.kind === 'planned' && excused.length > 0 ? { excused } : {}),
  };
}

/**
 * Why the evaluation leaves the run incomplete: a check left out by one of the harness's own limits (the
 * budget, the wait limit: exit 3, as docs/running.md says of any limit), or, in a certification run, any check
 * that did not run.
 */
export function evaluationGaps(e: Evaluation): string[] {
  const gaps: string[] = [];
  const limited = e.notEvaluated.filter((n) => n.cause === 'limit');
  if (limited.length > 0) {
    const settings = [...new Set(limited.map((n) => flagRef(n.setting ?? 'maxRequests')))];
    gaps.push(
      `${count(limited.length, 'check')} (${limited.filter((n) => n.level === 'MUST').length} MUST) ${limited.length === 1 ? 'was' : 'were'} not evaluated because a limit of this harness would be exceeded: raise ${settings.join(' and ')} (${ids(limited)})`,
    );
  }
  const floor = e.minMustEvaluated;
  if (floor) {
    const { floor: f, wanted } = floor;
    if (e.must.evaluated < wanted) {
      const musts = e.notEvaluated.filter((n) => floor.missing.includes(n.id));
      gaps.push(
        `${e.must.evaluated} of ${count(e.must.selected, 'MUST check')} ${e.must.evaluated === 1 ? 'was' : 'were'} evaluated, and ${flagRef('minMustEvaluated')} ${f} asks for ${wanted}${f === 'planned' ? ' (every MUST the plan ran)' : ''}; not evaluated: ${musts
          .slice(0, 4)
          .map((n) => `${n.id} (${n.reason.slice(0, 120)})`)
          .join('; ')}${musts.length > 4 ? `; … ${musts.length - 4} more` : ''}`,
      );
    }
  }
  if (e.profile === 'certification') {
    const skipped = e.notEvaluated.filter((n) => n.cause === 'input' || n.cause === 'outcome');
    if (skipped.length > 0)
      gaps.push(`certification needs every check to run, and ${skipped.length} did not (${ids(skipped)})`);
  }
  return gaps;
}

function ids(xs: readonly NotEvaluated[]): string {
  return (
    xs
      .slice(0, 6)
      .map((x) => x.id)
      .join(', ') + (xs.length > 6 ? `, … ${xs.length - 6} more` : '')
  );
}

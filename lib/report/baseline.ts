// Known failures for deploy gating: the baseline file's shape, reading it, writing one from a report, and
// what it makes of a run (known failures, stale entries). Pure: the command reads and writes the files.
import type { CheckResult } from '../check/model.ts';

export interface BaselineEntry {
  /** The check id (stable across titles and versions). */
  id: string;
  /** Why the deviation is accepted for now. */
  reason: string;
  /** A ticket or discussion, when there is one. */
  link?: string;
}

export interface Baseline {
  baselineVersion: 1;
  knownFailures: BaselineEntry[];
}

export interface BaselineOutcome {
  file: string;
  /** Listed checks that failed (or warned) again: reported as known, not failing the run. */
  known: (BaselineEntry & { status: 'fail' | 'warn' })[];
  /** Listed checks that now pass: the baseline is stale. */
  stale: (BaselineEntry & { status: string })[];
  /** Whether a stale entry fails the run (--allow-stale-baseline turns it off). */
  staleFails: boolean;
}

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

/** Reads a baseline file's text; throws an Error whose message says what is wrong with it. */
export function parseBaseline(text: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const d = data as Partial<Baseline>;
  if (typeof d !== 'object' || d === null || d.baselineVersion !== 1 || !Array.isArray(d.knownFailures))
    throw new Error('expected {"baselineVersion": 1, "knownFailures": [{"id", "reason", "link"?}]}');
  const seen = new Set<string>();
  for (const [i, e] of d.knownFailures.entries()) {
    const where = `knownFailures[${i}]`;
    if (typeof e?.id !== 'string' || !ID.test(e.id)) throw new Error(`${where}.id must be a check id`);
    if (typeof e.reason !== 'string' || e.reason.trim() === '')
      throw new Error(`${where}.reason must say why ${e.id} is accepted`);
    if (e.link !== undefined && typeof e.link !== 'string') throw new Error(`${where}.link must be a string`);
    if (seen.has(e.id)) throw new Error(`${e.id} is listed twice`);
    seen.add(e.id);
  }
  return { baselineVersion: 1, knownFailures: d.knownFailures };
}

/** A baseline listing every failure (and warning) of a report, each with its message as the reason to edit. */
export function baselineFrom(report: {
  runId: string;
  checks: readonly Pick<CheckResult, 'id' | 'status' | 'message'>[];
}): Baseline {
  return {
    baselineVersion: 1,
    knownFailures: report.checks
      .filter((c) => c.status === 'fail' || c.status === 'warn')
      .map((c) => ({ id: c.id, reason: `known since run ${report.runId}: ${c.message}` })),
  };
}

/** What a baseline makes of the results: which failures are known, which entries are stale. */
export function applyBaseline(
  baseline: Baseline,
  file: string,
  results: readonly Pick<CheckResult, 'id' | 'status'>[],
  allowStale: boolean,
): BaselineOutcome {
  const status = new Map(results.map((r) => [r.id, r.status]));
  const known: BaselineOutcome['known'] = [];
  const stale: BaselineOutcome['stale'] = [];
  for (const e of baseline.knownFailures) {
    const s = status.get(e.id);
    if (s === 'fail' || s === 'warn') known.push({ ...e, status: s });
    else if (s === 'pass' || s === 'info') stale.push({ ...e, status: s });
    // Skipped, errored or not selected: nothing is known about it in this run.
  }
  return { file, known, stale, staleFails: !allowStale };
}

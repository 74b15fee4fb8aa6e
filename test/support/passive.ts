// Judges an active run's own transcript.har passively, in-process, and compares the two verdicts: every check
// both judged (pass, fail, warn or info on each side) must agree. Test support; asserts nothing itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeTraffic, type TrafficSettings } from '../../api/index.ts';
import type { Report } from '../../lib/report/model.ts';
import type { CliRun } from './cli.ts';

const JUDGED = new Set(['pass', 'fail', 'warn', 'info']);

/** The transcript.har an active run wrote. */
export function transcriptOf(run: CliRun): string {
  return readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8');
}

/**
 * The passive report of an active run's transcript: told what the run was told (its fixtures, its plan, and
 * whether its list could be trusted), as a user judging that file would tell it.
 */
export function judgeRun(run: CliRun, extra: TrafficSettings = {}): Promise<Report> {
  const s = run.report!.settings;
  return judgeTraffic(transcriptOf(run), {
    cancellableOrderIds: s.cancellableOrderIds,
    shippedOrderIds: s.shippedOrderIds,
    ...(s.plan ? { plan: s.plan as NonNullable<TrafficSettings['plan']> } : {}),
    ...extra,
  });
}

/** Each check both reports judged with different verdicts, one line each. */
export function disagreements(active: Report, passive: Report): string[] {
  const seen = new Map(passive.checks.map((c) => [c.id, c]));
  return active.checks.flatMap((a) => {
    const p = seen.get(a.id);
    if (!p || !JUDGED.has(a.status) || !JUDGED.has(p.status) || a.status === p.status) return [];
    return [
      `${a.id}: active ${a.status} (${a.message.slice(0, 160)}), passive ${p.status} (${p.message.slice(0, 200)})`,
    ];
  });
}

/** The checks of a passive report that fail, warn or err. */
export function loud(report: Report): string[] {
  return report.checks
    .filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error')
    .map((c) => `${c.id} ${c.status}: ${c.message.slice(0, 200)}`);
}

/** Faults no recording shows, with why: each needs what only the suite itself sends. */
export const NOT_FROM_TRAFFIC: Readonly<Record<string, string>> = {
  'ratelimit-not-atomic': 'only concurrent requests at the start of a window show it (RL-PROBE-BURST)',
};

/** The checks a fault names (must fail or warn) that the passive report failed or warned. */
export function caughtPassively(named: readonly string[], passive: Report): string[] {
  return named.filter((id) => {
    const status = passive.checks.find((c) => c.id === id)?.status;
    return status === 'fail' || status === 'warn';
  });
}

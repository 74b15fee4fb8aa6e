// Why a check was not evaluated, as data: every skip carries its kind and, when a setting would let the check
// run, that setting (its reason names it, from the settings table). The verdict and the exit code read the
// kind; nothing reads it back from the text.
import { LimitError } from '../config/limits.ts';
import type { SettingKey } from '../config/settings.ts';
import { HarnessError } from '../errors.ts';

/**
 * - `limit`: one of the harness's own limits (the request budget, the wait limit) kept it from running: the run
 *   could not finish what it set out to do, so it is incomplete (exit 3), as for any other harness limit;
 * - `input`: the configuration does not provide what it needs (a fixture, a second key, the plan, an opt-in,
 *   the probe switched off): a choice of whoever runs it, named in the verdict;
 * - `outcome`: another check's outcome made it moot (that check carries the verdict);
 * - `traffic`: judging recorded traffic, the recording holds none of what would show it (not observed).
 */
export type SkipKind = 'limit' | 'input' | 'outcome' | 'traffic';

export interface SkipCause {
  kind: SkipKind;
  /** The setting that would let the check run, when one would. */
  setting?: SettingKey;
  /** The check whose finding left it out (its fixture spent by the request that check judged). */
  check?: string;
}

/** A skip: the reason shown to the user, and its cause. */
export interface Skip {
  reason: string;
  cause: SkipCause;
}

/** The harness's own limits a skip may meet before anything is sent. */
export type LimitSetting = 'maxRequests' | 'maxWaitSeconds';

export const OUTCOME: SkipCause = { kind: 'outcome' };
/** Left out because of another check's finding (the verdict line says "because of <check>"). */
export const findingOf = (check: string): SkipCause => ({ kind: 'outcome', check });
export const input = (setting: SettingKey): SkipCause => ({ kind: 'input', setting });
export const limit = (setting: LimitSetting): SkipCause => ({ kind: 'limit', setting });
export const skipOf = (reason: string, cause: SkipCause): Skip => ({ reason, cause });

const WEIGHT: Record<SkipKind, number> = { outcome: 0, traffic: 0, input: 1, limit: 2 };

/**
 * The cause of a reason that quotes others (a phase that did not run because the one before it did not): a
 * limit outweighs a missing input, which outweighs an outcome; the first of equal weight stands.
 */
export function strongest(...causes: readonly SkipCause[]): SkipCause {
  return causes.reduce((a, b) => (WEIGHT[b.kind] > WEIGHT[a.kind] ? b : a), OUTCOME);
}

/** The cause of a skip an error forced: the request budget or the wait limit is a limit, anything else an outcome. */
export function causeOfError(error: unknown): SkipCause {
  if (error instanceof LimitError && (error.setting === 'maxRequests' || error.setting === 'maxWaitSeconds'))
    return limit(error.setting);
  return OUTCOME;
}

/**
 * Thrown where a rule of the run refuses a request a check would send (a client's request guard): the check
 * is left out with `skip`, or, when it recorded problems already, keeps them with the skip's reason noted.
 */
export class SkipSignal extends HarnessError {
  constructor(readonly skip: Skip) {
    super('E_LEFT_OUT', skip.reason);
    this.name = 'SkipSignal';
  }
}

// The error one of the harness's own limits raises (a size cap, a timeout, the wait limit, the request
// budget), named by the setting that would lift it. Never a finding against the target.
import { HarnessError, type LimitCode } from '../errors.ts';
import { flagAndEnv, type SettingKey } from './settings.ts';

/**
 * One of the harness's own limits stopped an exchange or a wait: a size cap, a timeout, a wait limit, the
 * request budget. It is never a finding against the target: the check that meets it ends `error`, which
 * makes the run incomplete (exit 3). The convention every limit follows: a LimitCode, and a message that
 * says what happened, then names the setting to raise: `<what>; raise --flag / ENV_VARIABLE (...)`.
 */
export class LimitError extends HarnessError {
  /** The setting that would lift the limit. */
  readonly setting: SettingKey;
  constructor(code: LimitCode, what: string, setting: SettingKey, options?: { cause?: unknown }) {
    super(
      code,
      `${what}; raise ${flagAndEnv(setting)} (a limit of this harness, not a fault of the target)`,
      options,
    );
    this.name = 'LimitError';
    this.setting = setting;
  }
}

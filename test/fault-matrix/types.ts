// The shape of the fault matrix: for each reference fault, the checks that must catch it and how.
import type { ReferenceServerOptions } from '../../reference/server.ts';

export interface FaultExpectation {
  /** Checks that must end `fail` (MUST) under this fault. */
  fails?: string[];
  /** Checks that must end `warn` (SHOULD) under this fault. */
  warns?: string[];
  /** Extra command arguments the run needs (e.g. --only, --burst). */
  args?: string[];
  /** Reference server options beyond the fault (e.g. a compressed rate-limit window). */
  reference?: Omit<ReferenceServerOptions, 'faults'>;
  /**
   * The server's clock runs this many times faster than real time from its start, so a run of a second spans
   * many seconds of server time (what a Reset that moves with the clock needs to show).
   */
  clockSpeed?: number;
  /** The exit code expected: 1 when a MUST fails, 0 when only SHOULDs warn, 3 when a limit left a MUST out or the key was banned. */
  exit: 0 | 1 | 3;
}

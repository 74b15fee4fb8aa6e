// The shape of the fault matrix: for each reference fault, the checks that must catch it and how.

export interface FaultExpectation {
  /** Checks that must end `fail` (MUST) under this fault. */
  fails?: string[];
  /** Checks that must end `warn` (SHOULD) under this fault. */
  warns?: string[];
  /** Extra command arguments the run needs (e.g. --only, --burst). */
  args?: string[];
  /** The exit code expected: 1 when a MUST fails, 0 when only SHOULDs warn. */
  exit: 0 | 1 | 3;
}

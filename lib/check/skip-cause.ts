// Why a check was not evaluated, read from its skip reason: every reason names the setting that would enable
// the check (the house convention), so the setting it names says whose the gap is. Text in, class out.

/**
 * - `limit`: one of the harness's own limits (request budget, wait limit) kept it from running: the run
 *   could not finish what it set out to do, so it is incomplete (exit 3), as for any other harness limit;
 * - `input`: the configuration does not provide what it needs (a fixture, a second key, the plan, an opt-in,
 *   the probe switched off): a choice of whoever runs it, named in the verdict;
 * - `outcome`: another check's outcome made it moot (that check carries the verdict).
 */
export type SkipCause = 'limit' | 'input' | 'outcome';

/** Setting flags a skip reason may name, by the cause they stand for. */
const LIMIT_FLAGS = ['--max-requests', '--max-wait-seconds'];
const INPUT_FLAGS = [
  '--cancellable-order-ids',
  '--shipped-order-ids',
  '--second-api-key',
  '--plan',
  '--burst',
  '--skip-rate-limit-probe',
  '--only',
  '--skip',
  '--trust-order-list',
  '--allow-key-in-url',
];

const names = (reason: string, flags: string[]) =>
  flags.some((f) => new RegExp(`${f}(?![a-z-])`).test(reason));

export function skipCause(reason: string): SkipCause {
  if (names(reason, LIMIT_FLAGS)) return 'limit';
  if (names(reason, INPUT_FLAGS)) return 'input';
  return 'outcome';
}

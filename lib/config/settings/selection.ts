// The settings that choose what a run checks and how hard: which checks, the profile and its floor, the seed
// and sampling of the generated cases. Rows only (settings.ts assembles them).
import type { Setting } from './row.ts';

export const SELECTION_SETTINGS = [
  {
    key: 'only',
    flag: '--only',
    env: 'ORDER_STORE_ONLY',
    kind: 'list',
    default: '',
    help: 'Run only the checks whose id starts with one of these comma-separated prefixes.',
  },
  {
    key: 'skip',
    flag: '--skip',
    env: 'ORDER_STORE_SKIP',
    kind: 'list',
    default: '',
    help: 'Leave out the checks whose id starts with one of these comma-separated prefixes.',
  },
  {
    key: 'profile',
    flag: '--profile',
    env: 'ORDER_STORE_PROFILE',
    kind: 'string',
    default: 'standard',
    values: ['standard', 'certification'],
    help: 'standard, or certification: every check must run, so a MUST the configuration leaves unevaluated is a configuration error (exit 2) before anything is sent, and any skip makes the run incomplete.',
  },
  {
    key: 'minMustEvaluated',
    flag: '--min-must-evaluated',
    env: 'ORDER_STORE_MIN_MUST_EVALUATED',
    kind: 'string',
    default: '',
    help: 'The fewest MUST checks the run must evaluate to pass: N, N% of those selected, all, or planned (every MUST the plan runs). Too few in the plan: exit 2 before sending; too few at the end: exit 3. Unset: planned when CI is set, no floor otherwise.',
  },
  {
    key: 'seed',
    flag: '--seed',
    env: 'ORDER_STORE_SEED',
    kind: 'integer',
    default: '',
    help: 'Seed of the property-based checks and of every random choice (default: random, printed and recorded).',
  },
  {
    key: 'propertyRuns',
    flag: '--property-runs',
    env: 'ORDER_STORE_PROPERTY_RUNS',
    kind: 'integer',
    default: '6',
    help: 'Generated cases per orderId property, after the explicit edge cases.',
  },
  {
    key: 'exhaustive',
    flag: '--exhaustive',
    env: 'ORDER_STORE_EXHAUSTIVE',
    kind: 'boolean',
    default: 'false',
    help: 'Send every case of the operators that sample (key placements, path spellings, orderId spellings and the like) instead of the default sample, which rotates by ⟦flag:seed⟧ and fits a Free-plan minute; the plan says what each adds. Spends more requests and may wait out rate-limit windows; the default ⟦flag:maxRequests⟧ does not cover every case, so raise it with this (the run otherwise ends incomplete, naming it).',
  },
  {
    key: 'replayPath',
    flag: '--replay-path',
    env: 'ORDER_STORE_REPLAY_PATH',
    kind: 'string',
    default: '',
    help: 'CHECK-ID:PATH of a property counterexample to replay (with the same ⟦flag:seed⟧).',
  },
] as const satisfies readonly Setting[];

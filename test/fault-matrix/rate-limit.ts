// Faults caught by the rate-limit probe (suites/rate-limit-probe/), and the whole-run header checks that
// see the probe's responses. Each runs the RL- checks against a compressed window (5 requests per 2 s) on a
// server that bans a key on its first early request, so a probe that ever sent inside Retry-After would
// show up as failures of its own.
import type { FaultExpectation } from './types.ts';

const PROBE: Pick<FaultExpectation, 'args' | 'reference'> = {
  args: ['--only', 'RL-'],
  reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
};

export const RATE_LIMIT_FAULTS: Record<string, FaultExpectation> = {
  'ratelimit-429-body-text': { ...PROBE, fails: ['RL-PROBE-429-BODY'], exit: 1 },
  // The plan check reads one response against the Free plan's real limit (60 per minute).
  'ratelimit-limit-fixed-100': {
    args: ['--only', 'RL-PROBE-PLAN-LIMIT', '--plan', 'free'],
    reference: { rateLimit: undefined },
    fails: ['RL-PROBE-PLAN-LIMIT'],
    exit: 1,
  },
  'ratelimit-never-limits': { ...PROBE, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 },
  'ratelimit-off-by-one': { ...PROBE, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 },
  'ratelimit-no-retry-after': { ...PROBE, fails: ['RL-PROBE-429-RETRY-AFTER'], exit: 1 },
  // SHOULD: the spec gives neither Retry-After's unit nor its relation to Reset. The 1000-fold wait is
  // beyond --max-wait-seconds, so the recovery is skipped (naming the setting), not waited for.
  // Recovery cannot be tried within --max-wait-seconds, and a Retry-After 1000 times the window is a ban as far
  // as the key is concerned: the run is incomplete (exit 3), not conformant.
  'ratelimit-retry-after-inconsistent': { ...PROBE, warns: ['RL-PROBE-RETRY-AFTER-CONSISTENT'], exit: 3 },
  'ratelimit-reset-ms': {
    ...PROBE,
    fails: ['RL-PROBE-RESET-WINDOW', 'RL-HEADERS-RESET-UNIX-SECONDS'],
    exit: 1,
  },
  'ratelimit-reset-delta': {
    ...PROBE,
    fails: ['RL-PROBE-RESET-WINDOW', 'RL-HEADERS-RESET-UNIX-SECONDS'],
    exit: 1,
  },
  // The probe waits past the Reset moment; the responses after it still name it.
  'ratelimit-reset-frozen': { ...PROBE, fails: ['RL-HEADERS-NEW-WINDOW'], exit: 1 },
  'ratelimit-remaining-stuck': {
    ...PROBE,
    fails: ['RL-PROBE-REMAINING-COUNTS', 'RL-PROBE-LIMIT-NOT-EARLY', 'RL-PROBE-429-HEADERS'],
    exit: 1,
  },
  'ratelimit-remaining-negative': { ...PROBE, fails: ['RL-PROBE-429-HEADERS', 'RL-HEADERS-VALID'], exit: 1 },
  'ratelimit-window-never-resets': { ...PROBE, fails: ['RL-PROBE-RECOVERY'], exit: 1 },
  // A fixed window that says "1 s": the request sent when it ends is refused again.
  'ratelimit-retry-after-short': { ...PROBE, fails: ['RL-PROBE-RECOVERY'], exit: 1 },
  'ratelimit-not-atomic': {
    ...PROBE,
    args: ['--only', 'RL-', '--burst'],
    fails: ['RL-PROBE-BURST'],
    exit: 1,
  },
  // The probe repeats a 404: its walk is bounded by the list's Limit, and --burst reads Remaining from a list.
  'ratelimit-headers-missing-on-404': { ...PROBE, fails: ['RL-HEADERS-PRESENT'], exit: 1 },
  'ratelimit-headers-missing-on-errors': {
    ...PROBE,
    fails: ['RL-PROBE-429-HEADERS', 'RL-HEADERS-PRESENT'],
    exit: 1,
  },
};

// The proofs of the faults where several counters stand behind one key (worker processes each counting on its
// own) and what hides behind the limit they never reach together: the walk goes on until one refuses.
import { calls, TWO_PER_MINUTE } from '../../support/probes.ts';
import type { FaultProofs } from '../proof.ts';

/**
 * The probe against a window of 20 whose end the walk meets too soon to pause in it (under 6.5 s): three
 * counters serve some 60, past the walk's bound of about two windows.
 */
const THREE_COUNTERS = { rateLimit: { limit: 20, windowSeconds: 5 }, banAfter: 1 };

export const COUNTER_FAULTS = {
  'ratelimit-per-worker-no-retry-after': {
    masking: { bends: ['retry-after'], reads: ['429-fields'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      const answers = await calls(s, 6);
      const first = answers.find((a) => a.status === 429);
      return [answers.map((a) => a.status), first?.headers['retry-after']];
    },
    faithful: [[200, 200, 429, 429, 429, 429], '60'],
    // Five served in one window of two, the sixth refused by a worker, naming no wait.
    faulty: [[200, 200, 200, 200, 200, 429], undefined],
    caught: [
      // The walk's bound passes with nothing refused; three interleaved counts that served past the Limit
      // send it on until one refuses, so that 429 is judged.
      {
        args: ['--only', 'RL-'],
        reference: THREE_COUNTERS,
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        warns: ['RL-PROBE-429-RETRY-AFTER'],
        exit: 1,
      },
      // A budget that cannot pay for it: the 429 checks left out say so, naming the setting.
      {
        args: ['--only', 'RL-', '--max-requests', '60'],
        reference: THREE_COUNTERS,
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        says: {
          'RL-PROBE-429-RETRY-AFTER':
            /^no 429 was reached: X-RateLimit-Remaining ran as \d+ interleaved counts[\s\S]*over the budget[\s\S]*--max-requests/,
        },
        exit: 1,
      },
    ],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

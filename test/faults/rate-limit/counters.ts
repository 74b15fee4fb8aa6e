// The proofs of the faults where several counters stand behind one key (worker processes each counting on its
// own, or one per connection) and what hides behind the limit they never reach together: the walk goes on until
// one refuses.
import { calls, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import type { FaultProofs } from '../proof.ts';

/**
 * The probe against a window of 20 whose end the walk meets too soon to pause in it (under 6.5 s): three
 * counters serve some 60, past the walk's bound of about two windows.
 */
const THREE_COUNTERS = { rateLimit: { limit: 20, windowSeconds: 5 }, banAfter: 1 };

export const COUNTER_FAULTS = {
  'ratelimit-per-worker': {
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 6)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
      [429, '0'],
      [429, '0'],
    ],
    // Workers 1, 1, 2, 0, 2, 1 take the requests: five are served in one window of two, Remaining interleaved.
    faulty: [
      [200, '1'],
      [200, '0'],
      [200, '1'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ],
    caught: [
      // Remaining rises and stays as the workers' counts interleave, as a refilling bucket's would: only the
      // count of answers served before the moment Reset named, more than Limit, shows the limit not enforced.
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 5, windowSeconds: 10 }, banAfter: 1 },
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        exit: 1,
      },
    ],
  },
  'ratelimit-per-connection': {
    masking: { removes: ['date'] },
    options: TWO_PER_MINUTE,
    // Each call on a connection of its own: the faithful limiter counts the key, the faulty one each socket.
    probe: async (s) => {
      const fresh = { localAddress: '127.0.0.1' };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await call(s, '/store/orders', fresh));
      return answers.map((a) => [a.status, a.headers['x-ratelimit-remaining'], a.headers.date !== undefined]);
    },
    faithful: [
      [200, '1', true],
      [200, '0', true],
      [429, '0', true],
    ],
    faulty: [
      [200, '1', false],
      [200, '1', false],
      [200, '1', false],
    ],
    caught: [
      // The run's pool takes two connections in turn, so two counts interleave under one Reset that never
      // moves; with no Date to read that Reset by, only the answers naming the very same Reset, more than the
      // Limit of them while the two counts run side by side, show the limit not enforced (redteam9 Netty).
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 6, windowSeconds: 10 }, banAfter: 1 },
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        says: { 'RL-PROBE-LIMIT-ENFORCED': /same X-RateLimit-Reset/ },
        exit: 1,
      },
    ],
  },
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
      // A window of 10 s: the walk pauses for its end, and the pause's answers are judged alike live and
      // from the recording (RL-PROBE-RESET-WINDOW read them apart once).
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 20, windowSeconds: 10 }, banAfter: 1 },
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        warns: ['RL-PROBE-429-RETRY-AFTER'],
        exit: 1,
      },
    ],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

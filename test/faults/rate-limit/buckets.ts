// The proofs of the faults in how the limiter divides its count: a request charged more than one unit, and a
// count of its own per path or per route (spec §8 rule 3: the key's requests share one limit). Test support.
import { cancelled, del, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { DEFAULT_RUN, type FaultProofs, MINTED, NO_PROBE } from '../proof.ts';

export const BUCKET_FAULTS = {
  'ratelimit-delete-two-units': {
    masking: { bends: ['count'], reads: ['ratelimit-4xx', 'x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders/5', del)).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
    ],
    faithful: ['59', '58', '57'],
    faulty: ['59', '57', '56'],
    // The ordinary checks' many cancels show it; the probe's walk records its steps as INFO only.
    caught: [{ warns: ['RL-BUCKET-ONE-UNIT'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['RL-BUCKET-ONE-UNIT'],
  },
  'ratelimit-bucket-per-path': {
    masking: { bends: ['count'], reads: ['ratelimit-4xx', 'reset-window', 'x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders/5', del)).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders/5', del)).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
    ],
    faithful: ['59', '58', '57', '56'],
    faulty: ['59', '59', '58', '58'],
    // Each path's count falls by one per request: only reading across paths shows it.
    caught: [{ warns: ['RL-BUCKET-ONE-COUNT'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['RL-BUCKET-ONE-COUNT'],
  },
  'ratelimit-bucket-per-route': {
    masking: { bends: ['count'], reads: ['ratelimit-4xx', 'reset-window', 'x-ratelimit'] },
    probe: async (s, clock) => {
      const a = await call(s, '/store/orders');
      clock.advance(5000);
      const b = await call(s, '/store/orders/5', del);
      const c = await call(s, '/store/orders');
      return [
        [a, b, c].map((x) => x.headers['x-ratelimit-remaining']),
        b.headers['x-ratelimit-reset'] === a.headers['x-ratelimit-reset'],
      ];
    },
    faithful: [['59', '58', '57'], true],
    faulty: [['59', '59', '58'], false],
    caught: [
      // Each route's count falls by one per request: only reading across routes shows it, by the Remaining
      // that rises when the route changes (windows opened within a second of each other)...
      { warns: ['RL-BUCKET-ONE-COUNT'], args: NO_PROBE, exit: 0 },
      // ...or, on a clock fast enough that each route opened its window seconds after the other, by two
      // windows open at once, each route keeping its own. The window is an hour: however slow a loaded
      // machine makes the run, no window turns within it (a fast server clock turning windows would put
      // every Reset moment read on the local clock twenty times too far ahead).
      {
        warns: ['RL-BUCKET-ONE-COUNT'],
        args: NO_PROBE,
        clockSpeed: 20,
        reference: { rateLimit: { limit: 10_000, windowSeconds: 3600 } },
        exit: 0,
      },
      // ...and in a whole default run, where the probe's walk and the request surface's reads of other
      // paths share the windows: no check passes one count per key on them, and the key's requests served
      // within the window its first answer announced pass its Limit (the walk's route spent to its 429, the
      // list's route still serving), so the limit per key is not enforced. A 30 s window holds the run's first
      // requests and the walk however loaded the machine (in 10 s a slow run spread them over two).
      {
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        warns: ['RL-BUCKET-ONE-COUNT'],
        reference: { rateLimit: { limit: 60, windowSeconds: 30 } },
        exit: 1,
      },
    ],
    onlyBy: ['RL-BUCKET-ONE-COUNT'],
  },
  'ratelimit-per-route-429-carried-out': {
    masking: { bends: ['count'], reads: ['ratelimit-4xx', 'reset-window', 'x-ratelimit', '429'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      const remaining = [];
      for (const [path, how] of [
        ['/store/orders', {}],
        ['/store/orders', { method: 'HEAD' }],
        ['/store/orders/1234567', del],
        ['/store/orders/1234567', del],
      ] as const)
        remaining.push((await call(s, path, how)).headers['x-ratelimit-remaining']);
      return [remaining, (await call(s, '/store/orders/1', del)).status, cancelled(s)];
    },
    faithful: [['1', '0', '0', '0'], 429, []],
    // The HEAD and the cancels each open a count of their own; the cancel past its count's limit is
    // answered 429 and carried out all the same.
    faulty: [['1', '1', '1', '0'], 429, ['1']],
    caught: [
      // A default run: the counts read per method (a HEAD apart from its GET, the surface's unknown paths in
      // one count), and the walk's absent-id cancels spend the count the held fixture's cancel is charged
      // to, so that cancel goes past Remaining 0 and the race then finds the order no longer pending. The
      // fixtures are minted, so shown pending: a refusal that changed one is blamed (issue 39's rule).
      {
        fails: ['STATE-429-CHANGES-NOTHING'],
        warns: ['RL-BUCKET-ONE-COUNT'],
        args: MINTED,
        ...DEFAULT_RUN,
        exit: 1,
      },
    ],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

// The proofs of the rate-limit variants (limiter families, Retry-After forms, a per-address limit), on a fake clock.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import type { ReferenceServerOptions, RunningReference } from '../../reference/server.ts';
import { call, type FakeClock } from '../support/reference-calls.ts';
import { PROBE, type VariantProofs } from './proof.ts';

const THREE_PER_10S: ReferenceServerOptions = { rateLimit: { limit: 3, windowSeconds: 10 } };

/** Four requests 1 s apart (the fourth refused), then one 7.5 s later: status, Remaining, Reset − now, Retry-After. */
async function limiterSequence(s: RunningReference, clock: FakeClock): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    const a = await call(s, '/store/orders');
    const reset = Number(a.headers['x-ratelimit-reset']) - Math.floor(clock.now / 1000);
    out.push([a.status, a.headers['x-ratelimit-remaining'], reset, a.headers['retry-after']]);
    clock.advance(i === 3 ? 7500 : 1000);
  }
  return out;
}

/** The fourth request of a 3-per-10 s window, from a clock that is not on a whole second. */
async function retryAfterOf(s: RunningReference): Promise<string | undefined> {
  for (let i = 0; i < 3; i++) await call(s, '/store/orders');
  return (await call(s, '/store/orders')).headers['retry-after'];
}

/** The default limiter: a fixed window opened by the first request (10:00:00.250 to 10:00:10.250). */
const STANDARD_SEQUENCE = [
  [200, '2', 11, undefined],
  [200, '1', 10, undefined],
  [200, '0', 9, undefined],
  [429, '0', 8, '7'],
  [200, '2', 11, undefined],
];

/** A bucket whose Reset moves seconds with every request: no two answers name one window to read a count in. */
const RESET_MOVES_EVERY_REQUEST: Record<string, RegExp> = {
  'RL-BUCKET-ONE-COUNT': /^nothing to judge: one count per key/,
};

/** The walk met its 429 and judged the limit. */
const REACHED: Record<string, RegExp> = { 'RL-PROBE-LIMIT-ENFORCED': /^429 on request #\d+/ };

export const RATE_LIMIT_VARIANTS = {
  'retry-after-http-date': {
    options: THREE_PER_10S,
    probe: retryAfterOf,
    standard: '10',
    // The fake clock starts at 10:00:00.250, so the window ends at 10:00:10.250, rounded up.
    variant: 'Sun, 22 Nov 2026 10:00:11 GMT',
    runs: [
      {
        ...PROBE(5, 2),
        records: { 'RL-PROBE-429-RETRY-AFTER': /\(http-date, / },
      },
    ],
  },
  'retry-after-rounded-up': {
    options: THREE_PER_10S,
    probe: async (s, clock) => {
      clock.advance(600);
      return retryAfterOf(s);
    },
    // The window opened at .850 ends at 10:00:10.850: 10 s exactly, or 11 counted from whole seconds.
    standard: '10',
    variant: '11',
    runs: [{ ...PROBE(5, 2) }],
  },
  'limiter-epoch-window': {
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // Windows are [10:00:00, 10:00:10): Reset is 10 s from the start of the minute, whatever the first request.
    variant: [
      [200, '2', 10, undefined],
      [200, '1', 9, undefined],
      [200, '0', 8, undefined],
      [429, '0', 7, '7'],
      [200, '2', 10, undefined],
    ],
    runs: [{ ...PROBE(5, 2) }],
  },
  'limiter-sliding-log': {
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // Each served request counts for 10 s after it: at 10.75 s the first has left, the next two still
    // count, and Reset is when the oldest of them (1.25 s) leaves.
    variant: [
      [200, '2', 11, undefined],
      [200, '1', 10, undefined],
      [200, '0', 9, undefined],
      [429, '0', 8, '7'],
      [200, '0', 2, undefined],
    ],
    runs: [{ ...PROBE(5, 2) }],
  },
  'limiter-token-bucket': {
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // A token every 3.33 s: Reset is when the bucket is full again, Retry-After the wait for one token,
    // and Remaining rises between requests.
    variant: [
      [200, '2', 4, undefined],
      [200, '1', 6, undefined],
      [200, '0', 9, undefined],
      [429, '0', 8, '1'],
      [200, '2', 5, undefined],
    ],
    runs: [
      // Four tokens, one every 2 s: Reset moves later with each request, Retry-After is one token away.
      {
        ...PROBE(4, 8),
        maySkip: RESET_MOVES_EVERY_REQUEST,
        records: {
          'RL-PROBE-RETRY-AFTER-CONSISTENT': /Retry-After ends before the Reset moment/,
          'RL-PROBE-RECOVERY': /gradual refill/,
        },
      },
      // 200 tokens a second: the bucket refills about as fast as the walk spends, so the limit is mostly not
      // reached within the walk's bound. The probe must then say so and judge nothing, not fail the limit as
      // never enforced; on a slow machine the walk may yet meet a 429, and then it judges it, silently too.
      // So each of these may skip (with an honest reason) or pass, never fail or warn.
      {
        ...PROBE(200, 1),
        // A walk that meets its 429 late (a loaded machine) has spent most of the default budget by then: room for
        // the recovery and burst after it, so the budget never decides what is judged.
        args: [...PROBE(200, 1).args, '--max-requests', '900'],
        maySkip: Object.fromEntries([
          // No 429, so no wait: a walk that ends within one second outlives no Reset moment.
          ['RL-HEADERS-NEW-WINDOW', /no response of the run arrived after a Reset moment/],
          // No 429, so no Retry-After to judge: not evaluated rather than passed over nothing.
          ['RL-HEADERS-RETRY-AFTER-VALID', /no response of the run carried Retry-After: nothing to judge/],
          ['RL-HEADERS-NO-UNEARNED-BAN', /no response of the run was a 429: no ban to judge/],
          ...[
            'RL-PROBE-LIMIT-ENFORCED',
            'RL-PROBE-LIMIT-NOT-EARLY',
            'RL-PROBE-429-RETRY-AFTER',
            'RL-PROBE-RETRY-AFTER-CONSISTENT',
            'RL-PROBE-429-HEADERS',
            'RL-PROBE-429-BODY',
            'RL-PROBE-RECOVERY',
            // Which reason depends on how fast the walk went against the refill (Limit + 1 sent together once it
            // was whole again, all served, among them): each is an honest skip.
          ].map((id): [string, RegExp] => [
            id,
            /Remaining still \d+: .*not reached|met no 429|no 429 within the walk's \d+ requests, and the limiter refills gradually|requests together, and every one was served .*not reached/,
          ]),
        ]),
      },
      // Answers held 400 ms against two tokens a second (a loaded machine's round trip, just short of a
      // token's time): Remaining falls a step now and then, far too slowly to reach 0 one request at a time
      // (before the walk read it as lagging, it ended with Remaining above 0 and judged nothing). The walk must
      // see it lag, wait for the bucket to be whole and reach the limit with Limit + 1 together, which arrive
      // within a token's time however loaded the machine.
      {
        ...PROBE(10, 5),
        reference: { ...PROBE(10, 5).reference, delayMs: 400 },
        maySkip: RESET_MOVES_EVERY_REQUEST,
        records: REACHED,
      },
      // Answers held 600 ms (a loaded machine's round trip) against two tokens a second: a token comes back
      // with every request sent one at a time, so Remaining stalls short of 0. The walk must reach the limit
      // all the same, and judge its MUSTs.
      {
        ...PROBE(4, 2),
        reference: { ...PROBE(4, 2).reference, delayMs: 600 },
        maySkip: RESET_MOVES_EVERY_REQUEST,
      },
    ],
  },
  'ratelimit-draft-fields-too': {
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [a.headers.ratelimit, a.headers['ratelimit-policy']];
    },
    standard: [undefined, undefined],
    variant: ['limit=60, remaining=59, reset=60', '60;w=60'],
    runs: [{ ...PROBE(5, 2) }],
  },
  'limit-per-key-and-client': {
    // The second request comes through the proxy the variant trusts, which says the client is 192.0.2.7.
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
      (
        await call(s, '/store/orders', {
          localAddress: '127.0.0.2',
          headers: { 'x-forwarded-for': '192.0.2.7' },
        })
      ).headers['x-ratelimit-remaining'],
    ],
    standard: ['59', '58'],
    variant: ['59', '59'],
    // The run connects directly: the addresses its walk names in X-Forwarded-For are the client's own
    // words, which this server never reads, so it stays silent.
    runs: [
      { ...PROBE(5, 2) },
      // The key as "bearer <key>" (accepted, so the walk sends one of its requests so) is the same client
      // with the same key: counted with the key's requests, silent.
      {
        args: ['--only', 'RL-,AUTH-SCHEME-CASE-INSENSITIVE'],
        reference: { rateLimit: { limit: 8, windowSeconds: 8 }, banAfter: 1 },
        records: {
          'RL-PROBE-KEY-SPELLING': /1 request\(s\) with the key as "bearer <key>" .* counted with the key's/,
        },
      },
    ],
  },
  'limit-per-address': {
    options: { rateLimit: { limit: 100, windowSeconds: 10 } },
    // The key's list, one without a key (401), the key's list again: the 401 took one from the key's count.
    probe: async (s) => {
      const first = (await call(s, '/store/orders')).headers['x-ratelimit-remaining'];
      await call(s, '/store/orders', { key: null });
      return [first, (await call(s, '/store/orders')).headers['x-ratelimit-remaining']];
    },
    standard: ['99', '98'],
    variant: ['99', '97'],
    // A whole run: its 401s (the AUTH- checks') fall between the key's requests, so the model records them
    // taking from the key's count; the probe walks that one count, and every check stays silent.
    runs: [
      {
        args: ['--property-runs', '2'],
        reference: { rateLimit: { limit: 60, windowSeconds: 8 }, banAfter: 1 },
        records: {
          'RL-PROBE-LIMITER-MODEL': /requests refused for their credential \(401\) took from the key's count/,
        },
      },
    ],
  },
  'address-limit-separate': {
    options: { rateLimit: { limit: 100, windowSeconds: 10 } },
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['x-ratelimit-limit'],
    standard: '100',
    variant: '25',
    runs: [{ ...PROBE(40, 2) }],
  },
} satisfies VariantProofs<'rate-limit'>;

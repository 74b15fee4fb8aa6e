// The proofs of the faults in what the limiter counts and when it limits (spec §8 rule 3), on a fake clock; the
// 429 it answers with and the wait it names are refusals.ts. Test support: each probe is the smallest exchange
// that tells the fault from the faithful server.
import { Agent } from 'undici';
import { burst, calls, cancelled, del, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import {
  DEFAULT_RUN,
  DEFAULT_RUN_FIVE_PENDING,
  type FaultProofs,
  LONG_WINDOW,
  MINTED,
  NO_PROBE,
  PROBE,
} from '../proof.ts';

export const LIMITER_FAULTS = {
  'ratelimit-never-limits': {
    masking: {
      removes: ['429', '429-fields'],
      hides: {
        'ratelimit-reset-frozen':
          'nothing limits the key, so no Retry-After makes the run wait past the first Reset moment, where a frozen Reset shows (waiting out a whole window for that alone is not worth its cost to a real run)',
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '1'],
      [200, '0'],
      [200, '0'],
      [200, '0'],
    ],
    caught: [{ ...PROBE, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 }],
  },
  'ratelimit-off-by-one': {
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => a.status),
    faithful: [200, 200, 429, 429],
    faulty: [200, 200, 200, 429],
    caught: [
      { ...PROBE, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 },
      // The whole command on five fixtures: the held fixture's cancel past the limit is carried out (a 204).
      { ...DEFAULT_RUN_FIVE_PENDING, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 },
    ],
  },
  'ratelimit-not-atomic': {
    // The burst is sized by X-RateLimit-Remaining as the walk saw it count down.
    masking: { reads: ['429', 'x-ratelimit'] },
    options: { rateLimit: { limit: 5, windowSeconds: 60 } },
    probe: async (s) => (await burst(s, 200)) > 5,
    faithful: false,
    faulty: true,
    caught: [
      {
        ...PROBE,
        args: ['--only', 'RL-', '--burst'],
        fails: ['RL-PROBE-BURST'],
        exit: 1,
      },
      // Without --burst: the walk sends its last few requests before Remaining 0 together (a window of 11
      // leaves four of them past the requests naming other addresses), and more are served after them than
      // were left.
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 11, windowSeconds: 6 }, banAfter: 1 },
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        exit: 1,
      },
    ],
  },
  'ratelimit-window-never-resets': {
    masking: {
      reads: ['429'],
      hides: { 'ratelimit-not-atomic': 'the burst needs a fresh window, and the first one never ends' },
    },
    options: { rateLimit: { limit: 1, windowSeconds: 2 } },
    probe: async (s, clock) => {
      const before = await calls(s, 2);
      clock.advance(2000);
      const after = await call(s, '/store/orders');
      const advanced =
        Number(after.headers['x-ratelimit-reset']) > Number(before[1]?.headers['x-ratelimit-reset']);
      return [[...before, after].map((a) => a.status), advanced];
    },
    faithful: [[200, 429, 200], true],
    faulty: [[200, 429, 429], true],
    caught: [{ ...PROBE, fails: ['RL-PROBE-RECOVERY'], exit: 1 }],
  },
  'ratelimit-counts-only-success': {
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      const absent = await call(s, '/store/orders/1234567', del);
      await calls(s, 2);
      return [
        absent.headers['x-ratelimit-remaining'],
        (await call(s, '/store/orders/1', del)).status,
        cancelled(s),
      ];
    },
    faithful: ['1', 429, []],
    // The 404 took nothing; the cancel past the limit was carried out, then answered 429.
    faulty: ['2', 429, ['1']],
    caught: [
      // The walk's absent-id cancels take nothing from Remaining: it walks the list instead, which counts,
      // and sends the held fixture's cancel past the limit, which the server carries out. The fixtures are
      // minted, so shown pending: a refusal that changed one is blamed (issue 39's rule).
      {
        fails: ['STATE-429-CHANGES-NOTHING'],
        args: ['--only', 'STATE-429', ...MINTED],
        reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
        exit: 1,
      },
      // The whole run: more than Limit served in one window, said to be the errors it does not count (not
      // several counters), and the held fixture's 429 read against the list's count, so not "early".
      {
        ...DEFAULT_RUN,
        args: MINTED,
        fails: ['RL-PROBE-LIMIT-ENFORCED', 'STATE-429-CHANGES-NOTHING'],
        says: {
          'RL-PROBE-LIMIT-ENFORCED':
            /^(?![\s\S]*several counters)[\s\S]*X-RateLimit-Remaining did not fall with \d+ answers 4xx [\s\S]*errors are not counted \(a 4xx gives its hit back\)/,
          'RL-PROBE-LIMIT-NOT-EARLY':
            /^(?![\s\S]*well before the limit)429 on request #\d+, after Remaining 0 \(read against #\d+, what the limiter counted/,
        },
        exit: 1,
      },
    ],
  },
  'ratelimit-early-429-carried-out': {
    masking: {
      reads: ['429', 'x-ratelimit'],
      hides: {
        'ratelimit-not-atomic':
          'a 429 that came earlier than Remaining announced forbids the burst (a burst sized by it could overshoot and get the key banned)',
        'ratelimit-off-by-one':
          'the two cancel out: a window of Limit + 1 whose Remaining counts it down exactly, the same answers as a server whose X-RateLimit-Limit is one low',
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      const first = await call(s, '/store/orders');
      await call(s, '/store/orders');
      return [
        first.headers['x-ratelimit-remaining'],
        (await call(s, '/store/orders/1', del)).status,
        cancelled(s),
      ];
    },
    faithful: ['1', 429, []],
    // Remaining one high; the cancel past the limit was carried out, then answered 429.
    faulty: ['2', 429, ['1']],
    caught: [
      // The walk's 429 comes at Remaining 1, before the held fixture's cancel was sent: the next window is
      // walked to the Remaining the 429 came at, and the held cancel goes as the request past the limit there.
      {
        fails: ['RL-PROBE-LIMIT-NOT-EARLY', 'STATE-429-CHANGES-NOTHING'],
        args: ['--only', 'STATE-429,RL-PROBE-LIMIT-NOT-EARLY', ...MINTED],
        reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
        exit: 1,
      },
      // The whole command, as the red team ran it: the probe's later window, and the state checks after it.
      {
        ...DEFAULT_RUN,
        args: MINTED,
        fails: ['RL-PROBE-LIMIT-NOT-EARLY', 'STATE-429-CHANGES-NOTHING'],
        exit: 1,
      },
    ],
  },
  'ratelimit-draft-fields-only': {
    masking: { removes: ['x-ratelimit', 'unix-reset'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [a.headers['x-ratelimit-remaining'], a.headers.ratelimit, a.headers['ratelimit-policy']];
    },
    faithful: ['59', undefined, undefined],
    faulty: [undefined, '"default";r=59;t=60', '"default";q=60;w=60'],
    caught: [
      { fails: ['RL-HEADERS-PRESENT'], args: NO_PROBE, exit: 1 },
      // The draft's fields bound the walk: the probe still walks to the 429 (test/rate-limit/rate-limit-probe.test.ts).
      { ...PROBE, fails: ['RL-HEADERS-PRESENT', 'RL-PROBE-429-HEADERS'], exit: 1 },
    ],
  },
  'ratelimit-trusts-forwarded-for': {
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders', { headers: { 'x-forwarded-for': '192.0.2.1' } })).headers[
        'x-ratelimit-remaining'
      ],
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
    ],
    faithful: ['59', '58', '57'],
    faulty: ['59', '59', '58'],
    // The walk names documentation addresses in X-Forwarded-For and its kin: each got a fresh count.
    caught: [{ ...PROBE, warns: ['RL-PROBE-FORWARDED-HEADERS'], exit: 0 }],
    onlyBy: ['RL-PROBE-FORWARDED-HEADERS'],
  },
  'ratelimit-keyed-by-authorization': {
    probe: async (s) => {
      const remaining = async (scheme: string) =>
        (await call(s, '/store/orders', { key: null, headers: { authorization: `${scheme} ${s.demoKey}` } }))
          .headers['x-ratelimit-remaining'];
      return [await remaining('Bearer'), await remaining('bearer'), await remaining('Bearer')];
    },
    faithful: ['59', '58', '57'],
    faulty: ['59', '59', '58'],
    // The walk sends its 4th request, then its first past Remaining 0, as "bearer <key>" (a spelling
    // AUTH-SCHEME-CASE-INSENSITIVE saw accepted): each met a count of its own, while "Bearer" was refused,
    // and the key's requests of the run outnumber the Limit in one window (a recording shows that much).
    caught: [
      {
        ...LONG_WINDOW,
        args: ['--only', 'RL-,AUTH-SCHEME-CASE-INSENSITIVE'],
        fails: ['RL-PROBE-KEY-SPELLING', 'RL-PROBE-LIMIT-ENFORCED'],
        says: {
          'RL-PROBE-KEY-SPELLING': /sent when X-RateLimit-Remaining was 0 with the key as "bearer <key>"/,
          'RL-PROBE-LIMIT-ENFORCED': /carried the key as "bearer <key>", counted apart from "Bearer <key>"/,
        },
        exit: 1,
      },
    ],
  },
  'ratelimit-keyed-by-cached-authorization': {
    probe: async (s) => {
      // One kept-alive connection carries "Bearer" then "bearer"; then "bearer" on a connection of its own.
      const shared = new Agent({ connections: 1 });
      const remaining = async (scheme: string, alone = false) =>
        (
          await call(s, '/store/orders', {
            key: null,
            headers: { authorization: `${scheme} ${s.demoKey}` },
            ...(alone ? { localAddress: '127.0.0.1' } : { dispatcher: shared }),
          })
        ).headers['x-ratelimit-remaining'];
      try {
        return [await remaining('Bearer'), await remaining('bearer'), await remaining('bearer', true)];
      } finally {
        await shared.close();
      }
    },
    faithful: ['59', '58', '57'],
    faulty: ['59', '58', '59'],
    // The walk's request as "bearer <key>" goes on a connection of its own, where the cache has nothing to
    // hand back: it meets a count of its own, and so does its first past Remaining 0, served.
    caught: [
      {
        ...LONG_WINDOW,
        args: ['--only', 'RL-,AUTH-SCHEME-CASE-INSENSITIVE'],
        fails: ['RL-PROBE-KEY-SPELLING', 'RL-PROBE-LIMIT-ENFORCED'],
        says: {
          'RL-PROBE-KEY-SPELLING': /sent when X-RateLimit-Remaining was 0 with the key as "bearer <key>"/,
        },
        exit: 1,
      },
    ],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

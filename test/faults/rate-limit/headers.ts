// The proofs of the faults in the X-RateLimit-* headers (spec §8 rules 1-2), on a fake clock.
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { calls, START, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProofs, LONG_WINDOW, NO_PROBE, PROBE } from '../proof.ts';

export const HEADER_FAULTS = {
  'ratelimit-headers-missing-on-errors': {
    masking: { removes: ['ratelimit-404', 'ratelimit-4xx'], reads: ['x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders', { key: null })).headers['x-ratelimit-reset'],
    ],
    faithful: ['60', '58', String(Math.ceil((START + 60_000) / 1000))],
    faulty: ['60', undefined, undefined],
    caught: [
      { fails: ['RL-HEADERS-PRESENT'], args: NO_PROBE, exit: 1 },
      {
        ...PROBE,
        fails: ['RL-PROBE-429-HEADERS', 'RL-HEADERS-PRESENT'],
        exit: 1,
      },
    ],
  },
  'ratelimit-headers-missing-on-404': {
    masking: { bends: ['ratelimit-404'], reads: ['absent-404', 'x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders/x', { method: 'DELETE' })).headers['x-ratelimit-remaining'],
    ],
    faithful: ['60', '58', '57'],
    faulty: ['60', undefined, '57'],
    caught: [
      { fails: ['RL-HEADERS-PRESENT'], args: NO_PROBE, exit: 1 },
      // The probe repeats a 404: its walk is bounded by the list's Limit, and --burst reads Remaining from a list.
      { ...PROBE, fails: ['RL-HEADERS-PRESENT'], exit: 1 },
    ],
  },
  'ratelimit-reset-ms': {
    masking: { bends: ['reset'], reads: ['x-ratelimit'] },
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-reset'],
    faithful: String(Math.ceil((START + 60_000) / 1000)),
    faulty: String(START + 60_000),
    caught: [
      { fails: ['RL-HEADERS-RESET-UNIX-SECONDS'], args: NO_PROBE, exit: 1 },
      {
        ...PROBE,
        fails: ['RL-PROBE-RESET-WINDOW', 'RL-HEADERS-RESET-UNIX-SECONDS'],
        exit: 1,
      },
    ],
  },
  'ratelimit-reset-delta': {
    masking: { bends: ['reset'], removes: ['unix-reset'], reads: ['x-ratelimit'] },
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-reset'],
    faithful: String(Math.ceil((START + 60_000) / 1000)),
    faulty: '60',
    caught: [
      { fails: ['RL-HEADERS-RESET-UNIX-SECONDS'], args: NO_PROBE, exit: 1 },
      {
        ...PROBE,
        fails: ['RL-PROBE-RESET-WINDOW', 'RL-HEADERS-RESET-UNIX-SECONDS'],
        exit: 1,
      },
    ],
  },
  'ratelimit-reset-rolling': {
    // Under the proof's clock at 300x, the run sees the server's time only through its Date: a Reset rolling
    // with that clock reads, on the run's own, as a moment moving away as fast as time passes (at real speed,
    // the LONG_WINDOW proof, it shows without a Date).
    masking: { bends: ['reset'], removes: ['reset-window'], reads: ['x-ratelimit', 'server-date'] },
    probe: async (s, clock) => {
      const first = (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
      clock.advance(5000);
      return [first, (await call(s, '/store/orders')).headers['x-ratelimit-reset']];
    },
    faithful: [String(Math.ceil((START + 60_000) / 1000)), String(Math.ceil((START + 60_000) / 1000))],
    faulty: [String(Math.ceil((START + 60_000) / 1000)), String(Math.ceil((START + 65_000) / 1000))],
    caught: [
      // A run against a real server lasts seconds, so a Reset that is always now + 60 s moves later while
      // Remaining falls; against the loopback reference a run may take a tenth of a second, so its clock runs 300x.
      {
        fails: ['RL-HEADERS-RESET-STABLE'],
        args: NO_PROBE,
        clockSpeed: 300,
        exit: 1,
      },
      // At real speed, on a window of some seconds: the walk's pause lets the Reset roll.
      { ...LONG_WINDOW, fails: ['RL-HEADERS-RESET-STABLE'], exit: 1 },
    ],
  },
  'ratelimit-reset-rolling-epoch': {
    masking: { bends: ['reset'], reads: ['x-ratelimit', 'server-date'] },
    options: TWO_PER_MINUTE,
    // A request at START (10:00:00.250) and one 59.8 s later: the window opened by the first runs to 10:01:00.250,
    // the clock's minute ends at 10:01:00, so the second finds the whole limit back, 1 s before the moment named.
    probe: async (s, clock) => {
      const first = (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
      clock.advance(59_800);
      return [first, (await call(s, '/store/orders')).headers['x-ratelimit-remaining']];
    },
    faithful: [String(Math.ceil((START + 60_000) / 1000)), '0'],
    faulty: [String(Math.ceil((START + 60_000) / 1000)), '1'],
    caught: [
      // The walk pauses inside a window: the same request sent again after the clock's window ended finds the
      // whole limit back seconds before the moment the answer before it named.
      { ...LONG_WINDOW, fails: ['RL-HEADERS-RESET-STABLE'], exit: 1 },
    ],
  },
  'ratelimit-reset-window-start': {
    masking: { bends: ['reset'], reads: ['x-ratelimit'] },
    probe: async (s, clock) => {
      await call(s, '/store/orders');
      clock.advance(5000);
      return (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
    },
    faithful: String(Math.ceil((START + 60_000) / 1000)),
    faulty: String(Math.floor(START / 1000)),
    caught: [
      // On a window of some seconds the walk pauses inside it, so the Reset it names shows as past.
      { ...LONG_WINDOW, fails: ['RL-PROBE-RESET-WINDOW'], exit: 1 },
    ],
  },
  'ratelimit-remaining-one-high': {
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
    probe: async (s) => (await calls(s, 3)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '2'],
      [200, '1'],
      [429, '0'],
    ],
    caught: [{ ...PROBE, fails: ['RL-PROBE-LIMIT-NOT-EARLY'], exit: 1 }],
  },
  'ratelimit-reset-frozen': {
    masking: { bends: ['reset'], reads: ['x-ratelimit'] },
    probe: async (s, clock) => {
      await call(s, '/store/orders');
      clock.advance(61_000);
      return (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
    },
    faithful: String(Math.ceil((START + 121_000) / 1000)),
    faulty: String(Math.ceil((START + 60_000) / 1000)),
    caught: [
      // The probe waits past the Reset moment; the responses after it still name it.
      { ...PROBE, fails: ['RL-HEADERS-NEW-WINDOW'], exit: 1 },
    ],
  },
  'ratelimit-limit-by-status': {
    masking: { reads: ['ratelimit-4xx', 'x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-limit'],
    ],
    faithful: ['60', '60'],
    faulty: ['60', '120'],
    caught: [{ fails: ['RL-HEADERS-LIMIT-BY-STATUS'], args: NO_PROBE, exit: 1 }],
  },
  'ratelimit-remaining-stuck': {
    masking: {
      bends: ['remaining'],
      reads: ['x-ratelimit'],
      hides: {
        'ratelimit-not-atomic':
          'a burst sized by a Remaining that does not count could overshoot the limit and get the key banned, so it is not sent (RL-PROBE-BURST says why)',
        'ratelimit-off-by-one':
          "a Remaining that never falls does not say how many of the window's requests came before the walk, so one request over the limit cannot be told from one sent earlier in the window",
        'ratelimit-trusts-forwarded-for':
          'a Remaining that never falls cannot show a request naming another address answered from a count of its own, nor reach 0, where one served past the limit shows',
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '2'],
      [200, '2'],
      [429, '2'],
    ],
    caught: [
      {
        ...PROBE,
        fails: ['RL-PROBE-REMAINING-COUNTS', 'RL-PROBE-LIMIT-NOT-EARLY', 'RL-PROBE-429-HEADERS'],
        exit: 1,
      },
    ],
  },
  'ratelimit-headers-daily-quota': {
    masking: {
      bends: ['remaining', 'reset'],
      reads: ['429', 'x-ratelimit'],
      hides: {
        'ratelimit-not-atomic':
          'a 429 that came earlier than Remaining announced forbids the burst (a burst sized by it could overshoot and get the key banned)',
        'ratelimit-off-by-one':
          "Limit and Remaining are the day's: they do not say the size of the minute's window, so one request over it cannot be told from one sent earlier in it",
        'ratelimit-trusts-forwarded-for':
          "Remaining is the day's count, kept per key: a request the minute's limiter counted apart by the address it names still falls in it, so nothing shows a count of its own",
        'ratelimit-retry-after-inconsistent':
          "Reset names the day's end, a day ahead: a Retry-After of some 2000 s ends before it, as a token bucket's may, so nothing shows it disagreeing with the window",
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s) =>
      (await calls(s, 3)).map((a) => [
        a.status,
        a.headers['x-ratelimit-limit'],
        a.headers['x-ratelimit-remaining'],
      ]),
    faithful: [
      [200, '2', '1'],
      [200, '2', '0'],
      [429, '2', '0'],
    ],
    // The day's count (the demo key is on the Free plan: 1,000 a day), on the 429 too.
    faulty: [
      [200, '1000', '999'],
      [200, '1000', '998'],
      [429, '1000', '998'],
    ],
    caught: [
      // Its Reset is a day ahead, past any wait: the walk goes no further than the Free plan's minute, meets
      // the 429 the enforced window gives while Remaining says hundreds are left, and recovers after the
      // Retry-After (which the day's Reset does not override).
      {
        ...PROBE,
        fails: ['RL-PROBE-LIMIT-NOT-EARLY', 'RL-PROBE-429-HEADERS'],
        exit: 1,
      },
    ],
  },
  'ratelimit-remaining-negative': {
    masking: { bends: ['remaining'], reads: ['429-fields', 'x-ratelimit'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => a.headers['x-ratelimit-remaining']),
    faithful: ['1', '0', '0', '0'],
    faulty: ['1', '0', '-1', '-2'],
    caught: [{ ...PROBE, fails: ['RL-PROBE-429-HEADERS', 'RL-HEADERS-VALID'], exit: 1 }],
  },
  'ratelimit-limit-fixed-100': {
    masking: { reads: ['x-ratelimit'] },
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
    faithful: '60',
    faulty: '100',
    caught: [
      // The plan check reads one response against the Free plan's real limit (60 per minute).
      {
        args: ['--only', 'RL-PROBE-PLAN-LIMIT', '--plan', 'free'],
        reference: { rateLimit: undefined },
        fails: ['RL-PROBE-PLAN-LIMIT'],
        exit: 1,
      },
    ],
  },
  'ratelimit-headers-twice-on-404': {
    masking: { bends: ['ratelimit-404'], reads: ['absent-404', 'x-ratelimit'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-remaining'],
      (await call(s, '/nowhere')).headers['x-ratelimit-remaining'],
    ],
    faithful: ['59', '58'],
    faulty: ['59', '59, 58'],
    caught: [
      // Each line's value is valid (RL-HEADERS-VALID judges each): only the repetition is wrong.
      { fails: ['EVERY-RL-HEADER-ONCE'], args: NO_PROBE, exit: 1 },
      // The probe's walk meets 404s whose Remaining reads as two values, and walks the list instead.
      { ...PROBE, args: ['--only', 'RL-,EVERY-RL-'], fails: ['EVERY-RL-HEADER-ONCE'], exit: 1 },
    ],
    onlyBy: ['EVERY-RL-HEADER-ONCE'],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

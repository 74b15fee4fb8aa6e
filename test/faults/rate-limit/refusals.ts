// The proofs of the faults in the limiter's refusal (spec §8 rules 3-5), on a fake clock: the 429's status, body
// and Retry-After, and what answers once the wait it names is over. Test support: each probe is the smallest
// exchange that tells the fault from the faithful server.
import { calls, START, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProofs, LONG_WINDOW, PROBE } from '../proof.ts';

export const REFUSAL_FAULTS = {
  'ratelimit-retry-after-inconsistent': {
    masking: {
      bends: ['retry-after'],
      // Its Retry-After is judged against the window's X-RateLimit-Reset.
      reads: ['429-fields', 'x-ratelimit'],
      hides: {
        'ratelimit-window-never-resets':
          'the 429 asks for a wait of about 2000 s, past any wait limit, and a request inside it is how keys get banned: no recovery is tried that could find the limit never lifting',
        'ratelimit-not-atomic':
          'the burst needs the fresh window after the recovery, and the key may send nothing inside the 2000 s Retry-After',
        'ratelimit-reset-frozen':
          'the key may send nothing inside the 2000 s Retry-After, so no answer of the run comes after the Reset moment, where a frozen Reset shows',
        'ratelimit-ban-after-honoured-retry-after':
          'the 429 asks for a wait of about 2000 s, past any wait limit: nothing is sent after it to meet the ban',
        'ratelimit-outlives-reset':
          'the 429 asks for a wait of about 2000 s, past any wait limit: no recovery is tried that could find the counter outliving its Reset',
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      await calls(s, 2);
      clock.advance(20_000);
      const refused = await call(s, '/store/orders');
      return [refused.headers['retry-after'], refused.headers['x-ratelimit-reset']];
    },
    faithful: ['40', String(Math.ceil((START + 60_000) / 1000))],
    faulty: ['40000', String(Math.ceil((START + 60_000) / 1000))],
    caught: [
      // SHOULD: the spec gives neither Retry-After's unit nor its relation to Reset. The 1000-fold wait is
      // beyond --max-wait-seconds, so the recovery is skipped (naming the setting), not waited for.
      // Recovery cannot be tried within --max-wait-seconds, and a Retry-After 1000 times the window is a ban as far
      // as the key is concerned: the run is incomplete (exit 3), not conformant.
      { ...PROBE, warns: ['RL-PROBE-RETRY-AFTER-CONSISTENT'], exit: 3 },
    ],
  },
  'ratelimit-retry-after-short': {
    masking: { bends: ['retry-after'], reads: ['429-fields'] },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const refused = (await calls(s, 3))[2]!;
      clock.advance(1000);
      return [refused.headers['retry-after'], (await call(s, '/store/orders')).status];
    },
    faithful: ['60', 429],
    faulty: ['1', 429],
    caught: [
      // A fixed window of 20 s that says "1 s": the requests sent when it ends, and a whole second later,
      // are refused again (within one second a whole-second Retry-After could not say better). The window
      // outlasts the walk's pause by far, so the 429 never lands within a second of its end.
      {
        args: LONG_WINDOW.args,
        reference: { rateLimit: { limit: 8, windowSeconds: 20 }, banAfter: 1 },
        fails: ['RL-PROBE-RECOVERY'],
        exit: 1,
      },
    ],
  },
  'ratelimit-retry-after-asctime': {
    masking: { bends: ['retry-after'], reads: ['429-fields'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3))[2]!.headers['retry-after'],
    faithful: '60',
    // START is 2026-11-22 10:00:00.250 UTC; the window ends a minute later, rounded up to the second.
    faulty: 'Sun Nov 22 10:01:01 2026',
    // The probe parses it and waits it (RFC 9110 §5.6.7 lets a recipient), recovering on time; generating
    // it is the finding.
    caught: [{ ...PROBE, fails: ['RL-HEADERS-RETRY-AFTER-VALID'], exit: 1 }],
    onlyBy: ['RL-HEADERS-RETRY-AFTER-VALID'],
  },
  'ratelimit-no-retry-after': {
    masking: { bends: ['retry-after'], reads: ['429-fields'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3))[2]!.headers['retry-after'],
    faithful: '60',
    faulty: undefined,
    // SHOULD (spec §8 rule 4 tells the client to wait for the time Retry-After gives); the probe waits for
    // X-RateLimit-Reset instead, recovers, and nothing else finds fault.
    caught: [{ ...PROBE, warns: ['RL-PROBE-429-RETRY-AFTER'], exit: 0 }],
    onlyBy: ['RL-PROBE-429-RETRY-AFTER'],
  },
  'ratelimit-ban-after-honoured-retry-after': {
    masking: {
      reads: ['429'],
      hides: {
        'ratelimit-not-atomic':
          'the burst needs the fresh window after the recovery, and the key is banned once it has honoured the Retry-After: the limit never lifts for it',
        'ratelimit-reset-frozen':
          "the key is banned by the one request it sends once the Retry-After is over, and sends nothing after: that answer comes within the Reset's rounding of the moment, too soon to show a Reset that never moves (a loaded machine may deliver it late enough to)",
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const refused = (await calls(s, 3))[2]!;
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      const after = await call(s, '/store/orders');
      return [after.status, (after.json as { code?: string }).code ?? null];
    },
    faithful: [200, null],
    faulty: [429, 'KEY_BANNED'],
    // The probe waits the Retry-After and meets the ban: the server's failure (exit 1), not the run's error.
    caught: [{ ...PROBE, fails: ['RL-HEADERS-NO-UNEARNED-BAN', 'RL-PROBE-RECOVERY'], exit: 1 }],
  },
  'ratelimit-outlives-reset': {
    masking: { reads: ['429'] },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const refused = (await calls(s, 3))[2]!;
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      const atReset = (await call(s, '/store/orders')).status;
      clock.advance(10_000);
      return [atReset, (await call(s, '/store/orders')).status];
    },
    faithful: [200, 200],
    faulty: [429, 200],
    // The Reset (and the Retry-After that named it) is the lie: the recovery, sent when both said, is refused
    // again; the checks it starves are judged after it lifts or left out, never passed on 429s.
    caught: [{ ...PROBE, fails: ['RL-PROBE-RECOVERY'], exit: 1 }],
  },
  'ratelimit-window-slides': {
    masking: { bends: ['retry-after'], reads: ['429'] },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      await call(s, '/store/orders');
      clock.advance(5000);
      const refused = (await calls(s, 2))[1]!;
      return [refused.headers['retry-after'], refused.headers['x-ratelimit-reset']];
    },
    // Two requests 5 s apart, then the 429: the faithful Retry-After names the window's end, 55 s away; the
    // faulty one the entry's TTL, renewed by the 429 itself, 5 s past the Reset it carries.
    faithful: ['55', String(Math.ceil((START + 60_000) / 1000))],
    faulty: ['60', String(Math.ceil((START + 60_000) / 1000))],
    caught: [
      // The gap is the time from the window's first request to the 429: the walk's pause makes it seconds,
      // and a server clock twice real time makes that pause 5 s, as the red team's Redis limiter
      // showed it (Retry-After 60 against a Reset 56 s away): past the 2 s that whole seconds allow when Reset
      // is read by the 429's own Date, within the 2 s + 10 % once allowed for skew. The probe waits the
      // Retry-After (the later moment), so the limit has lifted when it tries again: the gap is the finding.
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 8, windowSeconds: 50 }, banAfter: 1 },
        clockSpeed: 2,
        warns: ['RL-PROBE-RETRY-AFTER-CONSISTENT'],
        exit: 0,
      },
    ],
    onlyBy: ['RL-PROBE-RETRY-AFTER-CONSISTENT'],
  },
  'ratelimit-expiry-renewed': {
    masking: { reads: ['429'] },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      await call(s, '/store/orders');
      clock.advance(5000);
      const refused = (await calls(s, 2))[1]!;
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      return [refused.headers['retry-after'], (await call(s, '/store/orders')).status];
    },
    // The 429 5 s into the window names its end, 55 s away, either way; waited, the faithful window is over and
    // the faulty entry, renewed by the 429 itself, lives 5 s longer.
    faithful: ['55', 200],
    faulty: ['55', 429],
    // Answered 150 ms late, the walk of 20 meets its 429 seconds into the window: the retry the 429 named lands
    // within the second a whole-second Reset leaves (forgiven alone); the next, sent 2 s later as the backoff
    // after a second 429 allows, settles it before the 10 s expiry lapses.
    caught: [
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 20, windowSeconds: 10 }, banAfter: 1, delayMs: 150 },
        fails: ['RL-PROBE-RECOVERY'],
        exit: 1,
      },
    ],
  },
  'ratelimit-reset-renews-late': {
    masking: { reads: ['429'] },
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const refused = (await calls(s, 3))[2]!;
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      const atReset = await call(s, '/store/orders');
      clock.advance(Number(atReset.headers['retry-after'] ?? 0) * 1000);
      return [atReset.status, atReset.headers['retry-after'], (await call(s, '/store/orders')).status];
    },
    faithful: [200, undefined, 200],
    faulty: [429, '60', 200],
    // The client that waited as told is refused within the second the headers cannot express, and that
    // refusal names a whole new window: no rounding explains it. A window long enough to tell the two apart.
    caught: [{ ...LONG_WINDOW, fails: ['RL-PROBE-RECOVERY'], exit: 1 }],
  },
  'ratelimit-refused-503': {
    masking: { removes: ['429-fields'], reads: ['429'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      const refused = (await calls(s, 3))[2]!;
      return [refused.status, refused.headers['content-type'], refused.headers['x-ratelimit-remaining']];
    },
    faithful: [429, 'application/json', '0'],
    faulty: [503, 'text/html', undefined],
    caught: [
      // The limit is enforced, with the wrong status: said so by the check that owns the status, and the
      // refusal judged as a 429 (its headers, its body, its Retry-After).
      {
        ...PROBE,
        fails: ['RL-PROBE-LIMIT-ENFORCED', 'RL-PROBE-429-HEADERS', 'RL-PROBE-429-BODY', 'RL-HEADERS-PRESENT'],
        warns: ['RL-PROBE-429-RETRY-AFTER'],
        exit: 1,
      },
    ],
  },
  'ratelimit-front-403': {
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const walk = await calls(s, 3);
      clock.advance(60_000);
      const after = await calls(s, 1);
      return [...walk, ...after].map((a) => [a.status, a.headers['x-ratelimit-remaining']]);
    },
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [200, '1'],
    ],
    // The application's 429 comes first; once its Reset has passed the proxy, past its own count, refuses.
    faulty: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [403, undefined],
    ],
    caught: [
      // The walk meets the application's 429 (or, when the run spent more before it, the proxy's page first);
      // the recovery after the wait meets the proxy's page, judged as that limiter's 429: its status, its
      // fields, its body, and a limit that did not lift.
      {
        args: ['--only', 'RL-'],
        reference: { rateLimit: { limit: 5, windowSeconds: 4 }, banAfter: 1 },
        fails: [
          'RL-PROBE-LIMIT-ENFORCED',
          'RL-PROBE-RECOVERY',
          'RL-PROBE-429-HEADERS',
          'RL-PROBE-429-BODY',
          'RL-HEADERS-PRESENT',
        ],
        warns: ['RL-PROBE-429-RETRY-AFTER'],
        exit: 1,
      },
    ],
  },
  'ratelimit-429-body-text': {
    masking: { reads: ['429-fields'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3))[2]!.headers['content-type'],
    faithful: 'application/json',
    faulty: 'text/plain; charset=utf-8',
    caught: [{ ...PROBE, fails: ['RL-PROBE-429-BODY'], exit: 1 }],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

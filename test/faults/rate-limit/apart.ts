// The proofs of the faults where a request of the key passes another count than the one it spent, or none:
// shown by a request of another operation served between a Remaining 0 and the 429 of that count.
import { calls, cancelled, del, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { DEFAULT_RUN, type FaultProofs, MINTED } from '../proof.ts';

export const APART_FAULTS = {
  'ratelimit-per-route-reset-past': {
    masking: {
      bends: ['count', 'reset'],
      reads: ['reset-window', 'x-ratelimit'],
      hides: {
        'ratelimit-list-front-cache':
          'every Reset names a moment 5.5 h past, so no answer names one still ahead: a stored list whose whole limit is back before the moment the answer before it named cannot show',
        'ratelimit-list-cache-within-window':
          "each route keeps its own count, so a list whose Remaining stands above the cancel's before it is what a count of the list's own shows too: a stored list's Remaining tells nothing",
      },
    },
    probe: async (s, clock) => {
      const a = await call(s, '/store/orders');
      const b = await call(s, '/store/orders/5', del);
      return [
        [a, b].map((x) => x.headers['x-ratelimit-remaining']),
        Number(a.headers['x-ratelimit-reset']) * 1000 > clock.now,
      ];
    },
    faithful: [['59', '58'], true],
    faulty: [['59', '59'], false],
    caught: [
      // Every Reset 5.5 h past places no two answers in one window, so only the list the walk sends once its
      // cancels' count stands at 0, served from the list's own count before the next cancel is refused,
      // shows the count apart (redteam3 aiohttp-shop D1 behind D3).
      { fails: ['RL-PROBE-RESET-WINDOW'], warns: ['RL-BUCKET-ONE-COUNT'], ...DEFAULT_RUN, exit: 1 },
    ],
  },
  'ratelimit-list-only': {
    masking: { reads: ['429', 'x-ratelimit'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      await calls(s, 2);
      const c = await call(s, '/store/orders/1', del);
      return [c.status, c.headers['x-ratelimit-remaining'], cancelled(s)];
    },
    faithful: [429, '0', []],
    // The key's window is spent on the list, yet the cancel is carried out, its Remaining the whole Limit.
    faulty: [204, '2', ['1']],
    caught: [
      // The walk's absent-id cancels never move Remaining: it walks the list, and the held fixture's cancel
      // past its Remaining 0 is carried out, with the placeholder's Remaining, before the list's 429.
      {
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        args: ['--only', 'RL-PROBE-LIMIT,STATE-429', ...MINTED],
        reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
        exit: 1,
      },
    ],
  },
  'ratelimit-get-only': {
    masking: { reads: ['429', 'x-ratelimit'] },
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      await calls(s, 2);
      const c = await call(s, '/store/orders/1', del);
      const after = await call(s, '/store/orders');
      return [c.status, c.headers['x-ratelimit-remaining'], after.status, cancelled(s)];
    },
    faithful: [429, '0', 429, []],
    // The key's window is spent on the lists, yet the cancel is carried out at Remaining 0, counting nothing.
    faulty: [204, '0', 429, ['1']],
    caught: [
      // The walk's absent-id cancels never move Remaining: it walks the list, and the held fixture's cancel
      // past its Remaining 0 is carried out before the list's 429: per-method counting, not 2xx-only.
      {
        fails: ['RL-PROBE-LIMIT-ENFORCED'],
        says: {
          'RL-PROBE-LIMITER-MODEL':
            /^(?![\s\S]*or one counting per method)[\s\S]*a DELETE was answered 204 past Remaining 0 \(#\d+\)[\s\S]*: DELETEs are neither counted nor refused, a limiter counting per method/,
        },
        args: ['--only', 'RL-PROBE-LIMIT,STATE-429', ...MINTED],
        reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
        exit: 1,
      },
    ],
  },
  'ratelimit-list-cache-replays': {
    masking: {
      reads: ['429', 'x-ratelimit'],
      hides: {
        'ratelimit-list-front-cache':
          "the key's micro-cache answers every list while it is fresh, before the front is asked: the front stores the first list only and never answers one (the reference keeps the two in that order)",
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
    // The first list is counted and kept; the rest are the cache's, its fields replayed, never refused.
    faulty: [
      [200, '1'],
      [200, '1'],
      [200, '1'],
      [200, '1'],
    ],
    caught: [
      // The run's lists repeat one Remaining and Reset while its cancels count down, so the walk sends the
      // list once its cancels' count stands at 0: the cache serves it, the next cancel is refused.
      { ...DEFAULT_RUN, fails: ['RL-PROBE-LIMIT-ENFORCED'], exit: 1 },
    ],
  },
  'ratelimit-list-front-cache': {
    masking: {
      reads: ['429', 'x-ratelimit'],
      hides: {
        'ratelimit-list-cache-within-window':
          "the reference keeps one front cache before the application, and the ATS front's 5 s lifetime takes the place of the Apache front's 30 s: the server never has both",
      },
    },
    options: TWO_PER_MINUTE,
    probe: async (s) =>
      (await calls(s, 3)).map((a) => [a.status, a.headers['x-ratelimit-remaining'], a.headers.age]),
    faithful: [
      [200, '1', undefined],
      [200, '0', undefined],
      [429, '0', undefined],
    ],
    // The first list is the application's, stored; the rest are the front's, never counted nor refused.
    faulty: [
      [200, '1', undefined],
      [200, '1', '0'],
      [200, '1', '0'],
    ],
    caught: [
      // A list stored in one window is answered in the next with its fields as stored: the whole limit back
      // (Remaining at Limit - 1) before the Reset moment the answer before it named. (The list the walk sends
      // at its Remaining 0, when it sends one, is the front's too: RL-PROBE-LIMIT-ENFORCED then fails as well.)
      { ...DEFAULT_RUN, fails: ['RL-HEADERS-RESET-STABLE'], exit: 1 },
    ],
  },
  'ratelimit-list-cache-within-window': {
    masking: { reads: ['429', 'x-ratelimit'] },
    options: { rateLimit: { limit: 3, windowSeconds: 60 } },
    probe: async (s) => {
      const answers = [
        await call(s, '/store/orders'),
        await call(s, '/store/orders/1234567', del),
        await call(s, '/store/orders'),
      ];
      return answers.map((a) => [a.headers['x-ratelimit-remaining'], a.headers.age]);
    },
    faithful: [
      ['2', undefined],
      ['1', undefined],
      ['0', undefined],
    ],
    // The second list is the front's, stored with the first: its Remaining rose within the one window.
    faulty: [
      ['2', undefined],
      ['1', undefined],
      ['2', '0'],
    ],
    caught: [
      // The run's first lists and cancels fall in one window: a stored list answered between two counted
      // requests names their unmoved Reset with a Remaining above the one before it (redteam11, ATS).
      { ...DEFAULT_RUN, fails: ['RL-PROBE-REMAINING-COUNTS'], exit: 1 },
    ],
  },
} satisfies Partial<FaultProofs<'rate-limit'>>;

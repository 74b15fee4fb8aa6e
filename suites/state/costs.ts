// What each state check spends, in requests and fixtures, as docs/checks.md lists it (the plan counts the
// same from each check's needs). Data only; suites/state/costs.test.ts keeps one row per STATE- check.

import { flagRef } from '../../lib/config/settings.ts';
import { PARTNER_REQUESTS, RACERS, SECOND_KEY_LISTS } from './sendings.ts';
import { SHRINK_REQUESTS, WINDOW_RESERVE } from './sequence.ts';

export interface Cost {
  /** Requests it sends, of its own and through the sendings it shares. */
  requests: string;
  /** The fixtures it uses, and what it does to them. */
  fixtures: string;
}

const RACE = `the race: ${RACERS} DELETE and a GET /store/orders at one moment, then a GET /store/orders (${RACERS + 2} with the key, shared); with ${flagRef('secondApiKey')}, a GET /store/orders with the second key before and after it (${SECOND_KEY_LISTS} more, on that key's own window); with a spare pending fixture and room in the key's window, a DELETE of it among them and each order cancelled again after (${PARTNER_REQUESTS} more)`;

export const STATE_COSTS: Record<string, Cost> = {
  'STATE-401-CHANGES-NOTHING': {
    requests:
      '2 without a valid key (no credentials; an unknown key), then the first cancel (1 with the key, shared with CANCEL-PENDING-204)',
    fixtures: 'the first pending fixture, which the first cancel cancels anyway',
  },
  'STATE-CANCEL-LATER-NOT-2XX': {
    requests:
      'the later look: a DELETE and a GET /store/orders with the key (shared), once a window has passed',
    fixtures: 'the fixture the first cancel cancelled (never another)',
  },
  'STATE-CANCEL-LATER-INFO': {
    requests: 'the later look (shared)',
    fixtures: 'as STATE-CANCEL-LATER-NOT-2XX',
  },
  'STATE-LIST-LATER-INFO': { requests: 'the later look (shared)', fixtures: 'as STATE-CANCEL-LATER-NOT-2XX' },
  'STATE-SEQUENCE': {
    requests: `up to ${flagRef('propertyRuns')} generated steps (6 by default), each sent only while its credential's window keeps ${WINDOW_RESERVE} for the checks after it; up to ${SHRINK_REQUESTS} more to shrink a failure`,
    fixtures:
      'none of its own: it names the order the first cancel cancelled, a shipped fixture and an id proven absent',
  },
  'STATE-CANCEL-RACE': {
    requests: RACE,
    fixtures:
      'the held pending fixture (held back from the start when two or more are given), cancelled by the race; a spare pending fixture left untaken, when one is, cancelled beside it',
  },
  'STATE-429-CHANGES-NOTHING': {
    requests: `none of its own: the rate-limit probe sends its request past Remaining 0 as a cancel of the held fixture (instead of its own request, no extra); reads ${RACE}`,
    fixtures: 'the held pending fixture, refused over the limit, then cancelled by the race',
  },
  'STATE-404-CHANGES-NOTHING': {
    requests:
      "none, or 2 with the key (the run's one DELETE of an id proven absent, shared with CANCEL-UNKNOWN-404, then GET /store/orders, after the run's last list) when no 404 of the run came between two lists with only refusals between",
    fixtures: 'none: ids proven absent',
  },
  'STATE-409-CHANGES-NOTHING': {
    requests:
      'the shipped cancel (shared with CANCEL-SHIPPED-409), and 1 more DELETE of that fixture with the key when no later cancel of it came',
    fixtures: 'the first shipped fixture (refused, never changed)',
  },
  'STATE-LIST-AFTER-CANCEL': { requests: 'none: reads every list of the run', fixtures: 'none' },
  'STATE-LIST-EXPLAINED': { requests: 'none: reads every list of the run', fixtures: 'none' },
  'STATE-LIST-LAG-INFO': { requests: 'none: reads every list of the run', fixtures: 'none' },
};

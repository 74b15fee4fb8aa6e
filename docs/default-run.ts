// What a default run sends to a server on the Free plan, as docs/checks.md states it: the requests of the
// checks before the probe, per bucket, as test/engine/request-budget.test.ts counts them at the reference server
// (it fails when these drift: update them with the run it prints), and the probe's bound from its constants.
import { PROBE_FLOOR } from '../suites/rate-limit/probe/cost.ts';
import { WALK_MARGIN } from '../suites/rate-limit/probe/record.ts';

/** The Free plan's limits (spec §8 table). */
export const FREE = { perMinute: 60, perDay: 1000 } as const;

/** Requests of a default run without the probe (seed 21), charged to the key and to the client address. */
export const DEFAULT_RUN = { seed: 21, key: 60, address: 60 } as const;

/**
 * The most the probe adds on a Free plan: the reading, one window walked whole with its margin (the walk
 * waits for a fresh window when the run left it too few requests), and the recovery's tries; two more with a
 * second key.
 */
export const PROBE_MOST = PROBE_FLOOR - 1 - WALK_MARGIN + FREE.perMinute + WALK_MARGIN;

/** The section of docs/checks.md that gives the count. */
export function defaultRunMarkdown(): string[] {
  const before = DEFAULT_RUN.key + DEFAULT_RUN.address;
  return [
    '',
    '## Requests of a default run',
    '',
    `Against a server on the Free plan (60 requests a minute, 1,000 a day, per key and per client address), a`,
    `default run (\`--seed ${DEFAULT_RUN.seed}\`) sends ${before} requests before the rate-limit probe:`,
    `${DEFAULT_RUN.key} with the key and ${DEFAULT_RUN.address} without a valid one, each inside one Free minute`,
    '(`test/engine/request-budget.test.ts` counts them at the reference server), besides what fits itself to the room',
    "a window has left: STATE-SEQUENCE's generated steps and the race's list after, each sent only while the",
    'window keeps what the checks after it need, and the request surface (HTTP-CONDITIONAL-304, then',
    "HTTP-SURFACE-PROPERTY's sample), sent only into the room left after them: never past the minute",
    '(`--surface-windows N` lets the surface wait further windows out). The probe then adds at most',
    `${PROBE_MOST} (the reading, one window walked whole with its margin of ${WALK_MARGIN}, and the recovery's tries;`,
    `2 more with \`--second-api-key\`), waiting out at most two windows: about ${before + PROBE_MOST} requests in all,`,
    `inside the day's ${FREE.perDay.toLocaleString('en')}. \`--exhaustive\` sends more (the plan prints how much) and`,
    "waits out the windows it needs. The plan printed before anything is sent gives the run's own bound.",
    "Only against a server whose 429 comes before Remaining 0, and so before the walk sent the held fixture's",
    `cancel past the limit, the probe walks the window its recovery opened down to where that 429 came and sends`,
    `the cancel there: at most ${FREE.perMinute + 1} more and one more Retry-After waited out (about ${before + PROBE_MOST + FREE.perMinute + 1} in all).`,
    'Only against several counters behind one key (worker processes each counting on its own) that serve past the',
    'Limit and refuse nothing within the walk, it goes on one request at a time until one refuses, so that 429 is',
    `judged: up to about N x Limit for N counters (some ${3 * FREE.perMinute} for three on the Free plan, inside the day), and only`,
    "within the run's budget (`--max-requests`); when the budget cannot pay, the checks of the 429 say what it would cost.",
  ];
}

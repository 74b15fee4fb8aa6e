// spec §8 rules 1-2, judged over every response of the run: the three X-RateLimit-* headers are present
// with usable values, and Reset is a Unix time in seconds (not milliseconds, not a delta); and any
// Retry-After is one a client can wait for.

import { input, OUTCOME } from '../../../lib/check/skip.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { notImfFixdate } from '../../../lib/formats/http-date.ts';
import {
  headerValue,
  integerHeader,
  type NumberHeader,
  numberHeader,
  RESET_DELTA_BELOW,
  RESET_MILLIS_ABOVE,
  retryAfter,
} from '../../../lib/formats/rate-limit-headers.ts';
import { startedMsOf } from '../../../lib/http/transcript.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import { type Ctx, check, suite } from '../../kit/context.ts';
import { judgeEach, type Offence, reportGrouped, responses } from '../../kit/whole-run.ts';
import { unearnedBan } from './ban.ts';
import { limitByStatus } from './limit-by-status.ts';
import { countWindows } from './windows.ts';

const NAMES = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;
const LOWER_NAMES = NAMES.map((n) => n.toLowerCase());
/** What a response with all three headers is missing. */
const NONE: readonly string[] = Object.freeze([]);
/** Each header as RL-HEADERS-VALID reads it: its name, as a record keys it, how it is read, what it must be. */
const VALUES = [
  ['X-RateLimit-Limit', 'x-ratelimit-limit', integerHeader, 'an integer'],
  ['X-RateLimit-Remaining', 'x-ratelimit-remaining', integerHeader, 'an integer'],
  ['X-RateLimit-Reset', 'x-ratelimit-reset', numberHeader, 'a number'],
] as const;

/** The traffic that shows the header checks, in a recording as in a run. */
const HEADERS = 'any answered request of the API';
const WINDOWS = 'requests of one credential across a window, and one after its Reset moment';

export const rateLimitHeadersSuite = suite({
  id: 'RL-HEADERS',
  title: 'Rate-limit headers (whole run)',
  spec: 'spec §8 rules 1-2',
  checks: [
    check({
      id: 'RL-HEADERS-PRESENT',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r1'],
      requirement:
        'Every API response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.',
      basis: [SPEC.rateLimitHeaders],
      title: 'Looks for the three headers on every response of the run',
      needs: { requests: 0 },
      recorded: { shows: HEADERS },
      async judge(ctx: Ctx) {
        judgeEach(
          ctx,
          responses(ctx),
          (x) => {
            // No list made for a response that has all three (a long recording's every one).
            const headers = x.response!.headers;
            if (LOWER_NAMES.every((name) => headers[name] !== undefined)) return NONE;
            return NAMES.filter((name) => headerValue(headers, name) === undefined).map(
              (n) => `${n} missing`,
            );
          },
          'all three headers on every response',
        );
      },
    }),
    check({
      id: 'RL-HEADERS-VALID',
      judgesRefusals: true,
      spec: 'spec §8 rules 1-2',
      level: 'MUST',
      rules: ['8.r1'],
      requirement:
        'X-RateLimit-Limit and -Remaining hold non-negative integers, Remaining never above Limit, and X-RateLimit-Reset a non-negative number.',
      rationale: 'Limit and Remaining count requests; Reset is a Unix timestamp, which may carry a fraction.',
      basis: [SPEC.rateLimitHeaders, SPEC.resetMoment],
      title: 'Parses the three headers on every response of the run',
      needs: { requests: 0 },
      recorded: { shows: HEADERS },
      async judge(ctx: Ctx) {
        const xs = responses(ctx);
        const offences: Offence[] = [];
        let fractions = 0;
        for (const x of xs) {
          const headers = x.response!.headers;
          let fraction = false;
          // The value of each field on one line (a repeated field read joined never parses: undefined).
          let limit: number | undefined;
          let remaining: number | undefined;
          for (const [name, lower, read, what] of VALUES) {
            // Absent is RL-HEADERS-PRESENT's finding, sent on several lines EVERY-RL-HEADER-ONCE's: each
            // line's value is judged here. One line is read from the record itself (the same reading).
            const v = headers[lower];
            if (v === undefined) continue;
            const lines = typeof v === 'string' ? undefined : v;
            for (let k = 0; k < (lines?.length ?? 1); k++) {
              const h: NumberHeader = read(lines ? { [lower]: lines[k]! } : headers, name)!;
              if (h.value === undefined) offences.push({ problem: `${name} is not ${what}`, exchange: x });
              else if (h.value < 0) offences.push({ problem: `${name} is negative`, exchange: x });
              fraction ||= h.fraction === true;
              // One line of an array reads joined as itself; two or more never parse.
              const one = !lines || lines.length === 1;
              if (one && lower === 'x-ratelimit-limit') limit = h.value;
              if (one && lower === 'x-ratelimit-remaining') remaining = h.value;
            }
          }
          if (fraction) fractions++;
          // Repeated fields read joined, which never parses: a Remaining on several lines is not compared.
          if (limit !== undefined && remaining !== undefined && remaining > limit) {
            offences.push({ problem: 'X-RateLimit-Remaining is above X-RateLimit-Limit', exchange: x });
          }
        }
        if (fractions > 0)
          ctx.note(
            `X-RateLimit-Reset carries a fraction of a second on ${fractions} responses: a Unix timestamp all the same`,
          );
        reportGrouped(ctx, offences, xs.length, 'integers, Remaining within Limit, Reset a number');
      },
    }),
    check({
      id: 'RL-HEADERS-RESET-UNIX-SECONDS',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r2'],
      requirement:
        'X-RateLimit-Reset is a Unix timestamp in seconds: not milliseconds (above 10^12) and not a delta (below 10^9).',
      basis: [SPEC.resetMoment],
      title: 'Classifies X-RateLimit-Reset on every response of the run',
      needs: { requests: 0 },
      recorded: { shows: HEADERS },
      async judge(ctx: Ctx) {
        judgeEach(
          ctx,
          responses(ctx),
          (x) => {
            // rateLimitHeaders' Reset, without reading the other two.
            const v = numberHeader(x.response!.headers, 'x-ratelimit-reset')?.value;
            if (v === undefined) return [];
            if (v > RESET_MILLIS_ABOVE) return ['X-RateLimit-Reset looks like Unix milliseconds'];
            if (v < RESET_DELTA_BELOW)
              return ['X-RateLimit-Reset looks like a delta in seconds, not a Unix time'];
            return [];
          },
          'Unix seconds everywhere',
        );
      },
    }),
    check({
      id: 'RL-HEADERS-RETRY-AFTER-VALID',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r4'],
      requirement:
        'A Retry-After value is delay-seconds or an HTTP-date (RFC 9110 §10.2.3), the date written as an IMF-fixdate (RFC 9110 §5.6.7).',
      rationale:
        'A sender must not generate values outside the grammar (RFC 9110 §2.2), as a client cannot wait for "soon", "-5" or "1e309"; and it writes every HTTP-date as an IMF-fixdate: the obsolete rfc850 and asctime forms ("Sun Dec  6 02:21:48 2026") are parsed for the wait, and their generation is a finding.',
      basis: [RFC.grammar, RFC.retryAfterForms, RFC.imfFixdate, SPEC.retryAfterWait],
      title: 'Parses Retry-After on every response of the run that carries one',
      needs: { requests: 0 },
      recorded: { shows: 'an answer with Retry-After (a 429)' },
      async judge(ctx: Ctx) {
        const xs = responses(ctx).filter(
          (x) => headerValue(x.response!.headers, 'retry-after') !== undefined,
        );
        if (xs.length === 0) {
          const off = ctx.config.skipRateLimitProbe;
          ctx.skip(
            `no response of the run carried Retry-After: nothing to judge (a 429 carries one, and the rate-limit probe walks to it${off ? `; it was left out with ${flagRef('skipRateLimitProbe')}` : ''})`,
            off ? input('skipRateLimitProbe') : OUTCOME,
          );
        }
        judgeEach(
          ctx,
          xs,
          (x) => {
            const ra = retryAfter(x.response!.headers, startedMsOf(x));
            if (ra?.form === 'invalid') return ['Retry-After is neither delay-seconds nor an HTTP-date'];
            if (ra?.form === 'http-date' && ra.obsolete)
              return [`Retry-After: ${notImfFixdate(ra.raw.trim())}`];
            return [];
          },
          'every Retry-After is delay-seconds or an IMF-fixdate',
        );
      },
    }),
    check({
      id: 'RL-HEADERS-LIMIT-BY-STATUS',
      judgesRefusals: true,
      spec: 'spec §8 rule 1 and table',
      level: 'MUST',
      rules: ['8.r1', '8.plans'],
      requirement:
        'X-RateLimit-Limit is the limit of the credential, which depends on its plan, not on the response: every status in one credential bucket carries the same Limit.',
      basis: [SPEC.limitsByPlan, SPEC.rateLimitHeaders],
      title:
        'Compares X-RateLimit-Limit across the statuses of every response of the run, per credential bucket',
      needs: { requests: 0 },
      recorded: { shows: HEADERS, buckets: true },
      async judge(ctx: Ctx) {
        const xs = responses(ctx);
        reportGrouped(
          ctx,
          limitByStatus(xs),
          xs.length,
          'one Limit per credential bucket, whatever the status',
        );
      },
    }),
    check({
      id: 'RL-HEADERS-RESET-STABLE',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r2'],
      requirement:
        'X-RateLimit-Reset gives the moment the limit resets: while Remaining falls (one window) that moment does not move later, beyond the rounding of whole seconds, and the whole limit is not back well before the moment named.',
      basis: [SPEC.resetMoment],
      title:
        'Follows X-RateLimit-Reset through each window of the run, per credential bucket (per count, where a key keeps several)',
      needs: { requests: 0 },
      recorded: { shows: WINDOWS, buckets: true },
      async judge(ctx: Ctx) {
        const xs = responses(ctx);
        const found = countWindows(xs, ctx.transcript.all(), ctx.config.baseUrl);
        if (found.windows === 0 && xs.length > 0)
          ctx.skip(
            `no window of the run holds two responses with a Unix-seconds X-RateLimit-Reset (see RL-HEADERS-RESET-UNIX-SECONDS; a run without ${flagRef('only')} sends more)`,
            input('only'),
          );
        reportGrouped(ctx, found.moved, xs.length, `Reset constant within each of ${found.windows} windows`);
      },
    }),
    check({
      id: 'RL-HEADERS-NEW-WINDOW',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r2'],
      requirement:
        'X-RateLimit-Reset gives the moment the limit resets: once that moment has passed, a new window begins and Reset names a later moment.',
      basis: [SPEC.resetMoment],
      title:
        'Reads the responses that arrived after a Reset moment the run outlived, per credential bucket (per count, where a key keeps several)',
      needs: { requests: 0, probe: true },
      recorded: { shows: WINDOWS, buckets: true },
      async judge(ctx: Ctx) {
        const xs = responses(ctx);
        const found = countWindows(xs, ctx.transcript.all(), ctx.config.baseUrl);
        if (found.passed === 0 && xs.length > 0)
          ctx.skip(
            `no response of the run arrived after a Reset moment: nothing to judge; the rate-limit probe waits past one (leave out ${flagRef('skipRateLimitProbe')})`,
            input('skipRateLimitProbe'),
          );
        reportGrouped(
          ctx,
          found.stale,
          xs.length,
          `a new window after each of ${found.passed} Reset moments passed`,
        );
      },
    }),
    unearnedBan,
  ],
});

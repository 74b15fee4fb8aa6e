// Every response of the run carries each X-RateLimit-* field on one field line, judged on each. Reads the
// transcript; never sends.
import type { CheckDefinition } from '../../../lib/check/model.ts';
import { fieldLines } from '../../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../../lib/http/transcript.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import { type Ctx, check } from '../../kit/context.ts';
import { judgeEach, responses } from '../../kit/whole-run.ts';

const RATE_LIMIT_FIELDS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

export const everyRateLimitChecks: CheckDefinition<Ctx>[] = [
  check({
    id: 'EVERY-RL-HEADER-ONCE',
    level: 'MUST',
    rules: ['8.r1'],
    requirement: 'Every response carries each X-RateLimit-* field on one field line.',
    rationale:
      'Each field is a count or a moment, never a list, so a server must not send it twice (one line may say 59 and another 60).',
    basis: [RFC.repeatedField, SPEC.rateLimitHeaders],
    title: 'Counts the field lines of X-RateLimit-Limit, -Remaining and -Reset on every response of the run',
    needs: { requests: 0 },
    recorded: { shows: 'any answered request of the API' },
    async judge(ctx: Ctx) {
      // Only responses that carry one of the fields have lines to count (an absent field: RL-HEADERS-PRESENT).
      const xs = responses(ctx).filter((x) =>
        RATE_LIMIT_FIELDS.some((name) => fieldLines(rawOf(x.response!).headers, name).length > 0),
      );
      let shown = false;
      const repeated = (x: Exchange) =>
        RATE_LIMIT_FIELDS.flatMap((name) => {
          const lines = fieldLines(rawOf(x.response!).headers, name);
          if (lines.length < 2) return [];
          if (!shown) ctx.note(`e.g. exchange #${x.seq}: ${lines.map((l) => `${name}: ${l}`).join(' and ')}`);
          shown = true;
          return [`${name} sent on more than one field line`];
        });
      judgeEach(ctx, xs, repeated, 'each X-RateLimit-* field on one line', {
        noun: 'responses with X-RateLimit-* fields',
        none: 'no response of the run carried an X-RateLimit-* field (see RL-HEADERS-PRESENT): nothing to judge',
      });
    },
  }),
];

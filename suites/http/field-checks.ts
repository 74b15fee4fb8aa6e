// Every response field the suite knows, judged by the RFC that defines it, over the whole run: its grammar
// when a response carries it, and its presence where HTTP itself requires it (Date from a server with a
// clock, Allow on a 405). Reads the transcript as received; never sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { OUTCOME } from '../../lib/check/skip.ts';
import {
  fieldLines,
  type HeaderMap,
  rateLimitHeaders,
  resetKind,
} from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { judgeEach, responses } from '../kit/whole-run.ts';
import { FIELD_GRAMMARS } from './fields.ts';

/** What is wrong with the fields of one response, by their grammars (one problem per field at most). */
function fieldProblems(x: Exchange): string[] {
  const headers = rawOf(x.response!).headers;
  const out: string[] = [];
  for (const g of FIELD_GRAMMARS) {
    const lines = fieldLines(headers, g.name);
    if (lines.length === 0) continue;
    if (g.singleton && lines.length > 1) {
      out.push(`${g.name} sent on ${lines.length} field lines (${g.rfc}: a single value)`);
      continue;
    }
    const wrong = lines.map((l) => g.wrong(l)).find((w) => w !== undefined);
    if (wrong) out.push(`${g.name} does not match its grammar (${g.rfc}): ${wrong}`);
  }
  return out;
}

/**
 * Whether one response shows the server has a clock: a Date, or a Reset read as a Unix time, in seconds or in
 * milliseconds (the wrong unit is RL-HEADERS-RESET-UNIX-SECONDS's; it is still a moment told by a clock).
 */
export function showsClock(headers: HeaderMap): boolean {
  if (fieldLines(headers, 'date').length > 0) return true;
  const reset = rateLimitHeaders(headers).reset?.value;
  return reset !== undefined && resetKind(reset) !== 'delta-seconds';
}

/** Whether the run shows the server has a clock: one response that shows it. */
const hasClock = (xs: readonly Exchange[]): boolean => xs.some((x) => showsClock(rawOf(x.response!).headers));

/** What a response lacks of the fields HTTP itself requires of it. */
function missingFields(x: Exchange, clock: boolean): string[] {
  const { status } = x.response!;
  const headers = rawOf(x.response!).headers;
  const out: string[] = [];
  if (clock && status >= 200 && status < 500 && fieldLines(headers, 'date').length === 0)
    out.push(`no Date on a ${Math.floor(status / 100)}xx response from a server with a clock`);
  if (status === 405 && fieldLines(headers, 'allow').length === 0) out.push('no Allow on a 405');
  return out;
}

export const fieldChecks: CheckDefinition<Ctx>[] = [
  check({
    id: 'HTTP-FIELD-SYNTAX',
    level: 'MUST',
    rules: ['1.json'],
    requirement:
      'Every response field the suite knows matches the grammar of the RFC that defines it when a response carries it: Date, Last-Modified and Expires (IMF-fixdate), Content-Type, Content-Length, Transfer-Encoding, WWW-Authenticate, Cache-Control, Allow, Vary, Link, ETag; a single-valued one on one line.',
    rationale:
      "A sender must not generate protocol elements outside their grammar (RFC 9110 §2.2, which RFC 9111, RFC 9112 and RFC 8288 take over) and must write every HTTP-date as an IMF-fixdate (RFC 9110 §5.6.7). Retry-After is RL-HEADERS-RETRY-AFTER-VALID's, X-RateLimit-* are RL-HEADERS-VALID's, Sunset and Deprecation the PETS- checks'.",
    basis: [
      RFC.grammar,
      RFC.imfFixdate,
      RFC.repeatedField,
      RFC.cachingConformance,
      RFC.messagingConformance,
      RFC.linkConformance,
    ],
    title: 'Parses the fields it knows on every response of the run',
    needs: { requests: 0 },
    recorded: { shows: 'any answer carrying a field with a known grammar' },
    async judge(ctx: Ctx) {
      judgeEach(ctx, responses(ctx), fieldProblems, 'every known field matches its grammar');
    },
  }),
  check({
    id: 'HTTP-REQUIRED-FIELDS',
    level: 'MUST',
    rules: ['8.r2'],
    requirement:
      'Every 2xx, 3xx and 4xx response carries Date, as an origin server with a clock must (one that names the moment its limit resets as a Unix timestamp has one), and every 405 carries Allow.',
    rationale:
      "Spec §8 rule 2 has the server name Unix timestamps, so a conforming server has a clock (RFC 9110 §5.6.7 defines one): RFC 9110 §6.6.1 then requires Date on those statuses. A front's refusal of an over-long request, answered before the application, is left out.",
    basis: [RFC.dateRequired, SPEC.resetMoment, RFC.allowOn405],
    title: 'Looks for Date on every 2xx, 3xx and 4xx response of the run, and for Allow on every 405',
    needs: { requests: 0 },
    recorded: { shows: 'a 2xx, 3xx or 4xx answer, or a 405' },
    async judge(ctx: Ctx) {
      const xs = responses(ctx);
      const clock = hasClock(xs);
      if (!clock && xs.length > 0)
        ctx.note(
          'no response carried Date or an X-RateLimit-Reset read as a Unix time: nothing shows a clock, so Date is not required (see RL-HEADERS-PRESENT)',
        );
      if (!clock && !xs.some((x) => x.response!.status === 405))
        ctx.skip(
          'nothing shows the server has a clock, and no response was a 405: nothing to judge',
          OUTCOME,
        );
      judgeEach(
        ctx,
        xs,
        (x) => missingFields(x, clock),
        'Date on every 2xx-4xx response, Allow on every 405',
      );
    },
  }),
];

// What every response of the run carries in its header section, judged on each: a JSON body labelled with a
// JSON media type, and each X-RateLimit-* field on one field line. Reads the transcript (and, for a list
// body the transcript cut, the reading made as it arrived); never sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { parseJson } from '../../lib/formats/json.ts';
import { fieldLines, headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC, SPEC } from '../shared/basis.ts';
import { type Ctx, check } from '../shared/context.ts';
import { LIST_BODIES } from '../shared/list-bodies.ts';
import { isJsonMediaType } from '../shared/responses.ts';
import { type Offence, reportGrouped, responses } from '../shared/whole-run.ts';

const RATE_LIMIT_FIELDS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** How a body was found to be JSON: read whole, or (cut at the transcript's cap) by its first character. */
type JsonReading = 'whole' | 'start' | undefined;

/**
 * Whether a response's body is JSON. A list body is read whole as it arrives; any other body is read from
 * the transcript, which keeps its first 16 KiB: a longer one is taken for JSON by its first character.
 */
function jsonBody(ctx: Ctx, x: Exchange): JsonReading {
  const r = x.response!;
  if (r.bodyBytes === 0 || r.bodyError) return undefined;
  const list = ctx.memo.peek(LIST_BODIES)?.findingsOf(x);
  if (list) return list.json ? 'whole' : undefined;
  const raw = rawOf(r);
  if (!raw.utf8) return undefined;
  if (!r.bodyTruncated) return parseJson(raw.body).ok ? 'whole' : undefined;
  return /^[\s]*[[{]/.test(raw.body) ? 'start' : undefined;
}

export const everyHeaderChecks: CheckDefinition<Ctx>[] = [
  check({
    id: 'EVERY-JSON-CONTENT-TYPE',
    spec: 'RFC 9110 §8.3; spec §1',
    level: 'SHOULD',
    rules: ['1.json'],
    requirement:
      'Every response of the run whose body is JSON (an error as much as a list) labels it with a JSON media type in Content-Type (application/json or a +json type).',
    basis: [SPEC.json, RFC.contentType],
    title: 'Reads Content-Type on every response of the run whose body is JSON',
    needs: { requests: 0 },
    async run(ctx: Ctx) {
      const offences: Offence[] = [];
      let judged = 0;
      let byStart = 0;
      for (const x of responses(ctx)) {
        const json = jsonBody(ctx, x);
        if (!json) continue;
        judged += 1;
        if (json === 'start') byStart += 1;
        const ct = headerValue(rawOf(x.response!).headers, 'content-type');
        if (!isJsonMediaType(ct))
          offences.push({
            problem: `a JSON body labelled ${ct === undefined ? 'with no Content-Type' : `Content-Type: ${ct}`}`,
            exchange: x,
          });
      }
      if (byStart > 0)
        ctx.note(
          `${byStart} bodies were longer than the 16 KiB the transcript keeps: each was taken for JSON by its first character`,
        );
      reportGrouped(ctx, offences, judged, 'every JSON body is labelled with a JSON media type', {
        noun: 'JSON bodies',
        none: 'no response of the run carried a JSON body: nothing to judge',
      });
    },
  }),
  check({
    id: 'EVERY-RL-HEADER-ONCE',
    spec: 'RFC 9110 §5.3; spec §8 rule 1',
    level: 'MUST',
    rules: ['8.r1'],
    requirement:
      'Every response of the run carries each X-RateLimit-* field on one field line: a count or a moment, never a list, so a server must not send the field twice (one line may say 59 and another 60).',
    basis: [RFC.repeatedField, SPEC.rateLimitHeaders],
    title: 'Counts the field lines of X-RateLimit-Limit, -Remaining and -Reset on every response of the run',
    needs: { requests: 0 },
    async run(ctx: Ctx) {
      // Only responses that carry one of the fields have lines to count (an absent field: RL-HEADERS-PRESENT).
      const xs = responses(ctx).filter((x) =>
        RATE_LIMIT_FIELDS.some((name) => fieldLines(rawOf(x.response!).headers, name).length > 0),
      );
      const offences: Offence[] = [];
      let shown = false;
      for (const x of xs) {
        for (const name of RATE_LIMIT_FIELDS) {
          const lines = fieldLines(rawOf(x.response!).headers, name);
          if (lines.length < 2) continue;
          offences.push({ problem: `${name} sent on more than one field line`, exchange: x });
          if (!shown) ctx.note(`e.g. exchange #${x.seq}: ${lines.map((l) => `${name}: ${l}`).join(' and ')}`);
          shown = true;
        }
      }
      reportGrouped(ctx, offences, xs.length, 'each X-RateLimit-* field on one line', {
        noun: 'responses with X-RateLimit-* fields',
        none: 'no response of the run carried an X-RateLimit-* field (see RL-HEADERS-PRESENT): nothing to judge',
      });
    },
  }),
];

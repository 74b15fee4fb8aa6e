// Every response of the run whose body is JSON is labelled so, and every body labelled JSON is JSON, judged on
// each. Reads the transcript (and, for a list body the transcript cut, the reading made as it arrived); never
// sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { parseJson } from '../../lib/formats/json.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { isJsonMediaType } from '../kit/responses.ts';
import { type Offence, reportGrouped, responses } from '../kit/whole-run.ts';

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

export const everyJsonChecks: CheckDefinition<Ctx>[] = [
  check({
    id: 'EVERY-JSON-CONTENT-TYPE',
    level: 'SHOULD',
    rules: ['1.json'],
    requirement:
      'Every response of the run whose body is JSON (an error as much as a list) labels it with a JSON media type in Content-Type (application/json or a +json type).',
    basis: [SPEC.json, RFC.contentType],
    title: 'Reads Content-Type on every response of the run whose body is JSON',
    needs: { requests: 0 },
    recorded: { shows: 'an answer with a JSON body' },
    async judge(ctx: Ctx) {
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
    id: 'EVERY-JSON-LABEL-TRUE',
    level: 'MUST',
    rules: ['1.json'],
    requirement:
      'Every response of the run whose Content-Type is a JSON media type, on every route (the deprecated pets read included), carries JSON: UTF-8 text that parses (RFC 8259).',
    rationale:
      "The service exchanges JSON (spec §1): a body it labels JSON that is not (an HTML page, single quotes, a trailing comma) is no JSON a client can read, whatever the route, even where the spec shows no shape (the pets read). Error bodies are ERR-BODY-SCHEMA's too.",
    basis: [SPEC.json, RFC.jsonUtf8],
    title: 'Parses the body of every response of the run labelled with a JSON media type',
    needs: { requests: 0 },
    recorded: { shows: 'an answer with a body labelled JSON' },
    async judge(ctx: Ctx) {
      const xs = responses(ctx).filter((x) => {
        const r = x.response!;
        return (
          r.bodyBytes > 0 && !r.bodyError && isJsonMediaType(headerValue(rawOf(r).headers, 'content-type'))
        );
      });
      reportGrouped(
        ctx,
        xs.flatMap((x): Offence[] => {
          const why = notJson(ctx, x);
          return why ? [{ problem: why, exchange: x }] : [];
        }),
        xs.length,
        'every body labelled JSON is JSON',
        { noun: 'bodies labelled JSON', none: 'no response of the run was labelled with a JSON media type' },
      );
    },
  }),
];

/** Why a body labelled JSON is not JSON, or undefined (a body cut at the transcript's cap is read by its start). */
function notJson(ctx: Ctx, x: Exchange): string | undefined {
  const r = x.response!;
  const list = ctx.memo.peek(LIST_BODIES)?.findingsOf(x);
  if (list) return list.json ? undefined : 'a list body labelled JSON is not JSON';
  const raw = rawOf(r);
  if (!raw.utf8) return 'a body labelled JSON is not UTF-8 (RFC 8259 §8.1)';
  if (r.bodyTruncated)
    return /^[\s]*[[{"0-9tfn-]/.test(raw.body) ? undefined : 'a body labelled JSON is not JSON';
  const parsed = parseJson(raw.body);
  return parsed.ok
    ? undefined
    : `a body labelled JSON is not JSON (${parsed.error.replace(/ at position \d+.*$/, '')})`;
}

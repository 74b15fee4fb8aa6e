// The deprecation signals of GET /pets/{petId}, judged by their RFCs when a response carries them: Sunset an
// IMF-fixdate (RFC 8594 §3, RFC 9110 §5.6.7), Deprecation an RFC 9651 Date (RFC 9745 §2.1), and the sunset no
// earlier than the deprecation (RFC 9745 §4). Reads the answers of the run so far (every pets request is
// sent before these run); never sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { isImfFixdate, parseHttpDate } from '../../lib/formats/http-date.ts';
import { fieldLines } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { judgeEach } from '../kit/whole-run.ts';

/** RFC 9651 §3.3.7 (sf-date = "@" sf-integer) with its §3.1.2 parameters: the moment in ms, or undefined. */
export function deprecationAtMs(value: string): number | undefined {
  const m = /^@(-?\d{1,15})((?:;[ ]*[a-z*][a-z0-9_.*-]*(?:=[^;]*)?)*)$/.exec(value.trim());
  return m ? Number(m[1]) * 1000 : undefined;
}

const lines = (x: Exchange, field: string) => fieldLines(rawOf(x.response!).headers, field);

/** The traffic that shows the pets checks, in a recording as in a run. */
export const PET = 'a GET /pets/{petId} sent with the key and answered';

/** Whether an exchange asked for the deprecated read (any spelling of /pets/...). */
const petsRead = (x: Exchange): boolean => /^[^?#]*\/pets\//i.test(x.request.url);

/**
 * Judges `field` on every answer of the run so far that carries it (on one line: none is a list) by `wrong`,
 * and passes the answers to the deprecated read that carry none (no sentence obliges a server to send it);
 * says how many carried it. Skips only when neither was recorded.
 */
function judgeField(ctx: Ctx, field: string, wrong: (value: string, x: Exchange) => string[], ok: string) {
  const xs = ctx.transcript
    .all()
    .filter((x) => x.response !== undefined && (petsRead(x) || lines(x, field).length > 0));
  const carrying = xs.filter((x) => lines(x, field).length > 0).length;
  ctx.note(
    carrying === 0
      ? `no answer to the deprecated read carried ${field} (allowed: nothing obliges a server to send one)`
      : `${carrying} of ${xs.length} answers (the deprecated read's and any carrying it) carried ${field}`,
  );
  judgeEach(
    ctx,
    xs,
    (x) => {
      const all = lines(x, field);
      if (all.length === 0) return [];
      return all.length > 1 ? [`${field} sent on more than one field line`] : wrong(all[0]!, x);
    },
    ok,
    {
      noun: `answers to GET /pets/{petId} or carrying ${field}`,
      none: `no answer to GET /pets/{petId} was recorded (see PETS-RESPONSE-INFO), and none carried ${field}`,
    },
  );
}

export const SIGNAL_CHECKS: CheckDefinition<Ctx>[] = [
  check({
    id: 'PETS-SUNSET-HTTP-DATE',
    level: 'MUST',
    rules: ['9.r3', '9.r3-date'],
    requirement:
      'A Sunset field, when sent, is one HTTP-date written as an IMF-fixdate ("Wed, 30 Jun 2027 23:59:59 GMT").',
    rationale:
      'RFC 8594 §3 defines the value as an HTTP-date, and a sender writes every HTTP-date as an IMF-fixdate (RFC 9110 §5.6.7): an ISO 8601 "2027-06-30T23:59:59Z" is no Sunset a client can read. Its being in the future is a SHOULD, recorded by PETS-SUNSET-HEADER.',
    basis: [RFC.sunsetDate, RFC.imfFixdate],
    spec: 'RFC 8594 §3; RFC 9110 §5.6.7; spec §9 rule 3',
    title: 'Parses Sunset on every response of the run that carries it',
    needs: { requests: 0 },
    // Every answer carrying the field, or to the deprecated read, in a recording as in a run.
    recorded: { shows: `${PET}, or any answer carrying Sunset` },
    async judge(ctx: Ctx) {
      judgeField(
        ctx,
        'Sunset',
        (v) =>
          isImfFixdate(v.trim())
            ? []
            : [
                parseHttpDate(v) === undefined
                  ? `Sunset ${JSON.stringify(v)} is no HTTP-date`
                  : `Sunset ${JSON.stringify(v)} uses an obsolete HTTP-date form, not IMF-fixdate`,
              ],
        'every Sunset sent is an IMF-fixdate',
      );
    },
  }),
  check({
    id: 'PETS-DEPRECATION-DATE',
    level: 'MUST',
    rules: ['9.r3'],
    requirement:
      'A Deprecation field, when sent, is an RFC 9651 Date ("@" and Unix seconds), and a Sunset beside it names no earlier moment.',
    rationale:
      'RFC 9745 §2.1: its value MUST be a Date, so "true" (an earlier draft\'s form) or an HTTP-date is no Deprecation; RFC 9745 §4: the sunset MUST NOT come before the deprecation.',
    basis: [RFC.deprecationDate, RFC.sunsetAfterDeprecation],
    spec: 'RFC 9745 §2.1 and §4; spec §9 rule 3',
    title: 'Parses Deprecation on every response of the run that carries it, against the Sunset beside it',
    needs: { requests: 0 },
    recorded: { shows: `${PET}, or any answer carrying Deprecation` },
    async judge(ctx: Ctx) {
      judgeField(
        ctx,
        'Deprecation',
        (v, x) => {
          const at = deprecationAtMs(v);
          if (at === undefined)
            return [`Deprecation ${JSON.stringify(v)} is no RFC 9651 Date ("@" and Unix seconds)`];
          const sunset = lines(x, 'sunset')[0];
          const end = sunset === undefined ? undefined : parseHttpDate(sunset);
          return end !== undefined && end < at ? ['Sunset names a moment earlier than Deprecation'] : [];
        },
        'every Deprecation sent is an RFC 9651 Date, no Sunset before it',
      );
    },
  }),
];

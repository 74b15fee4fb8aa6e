// ID-MALFORMED-4XX, run with the whole-run suites: its sending (the malformed-id property and the spelling run)
// goes out where ID-MALFORMED-STATUS-INFO asks for it, but its judge reads every cancel of a malformed id the
// run sent, whichever check sent it (the spelling checks, the request surface, the state area...).
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { MALFORMED, MALFORMED_IDS } from './checks.ts';
import { short } from './judge.ts';
import { malformedSegment } from './malformed.ts';
import { malformed4xx, malformedUnanswered } from './malformed-judges.ts';
import { MALFORMED_OWNER, malformedRun } from './malformed-run.ts';
import { reportIdSending } from './property.ts';
import { spellingCases } from './spelling-listing.ts';

export const malformedWholeRun = suite({
  id: 'ID',
  title: 'orderId handling (whole run)',
  spec: 'spec §4 cancelOrder (orderId: int64)',
  checks: [
    check({
      id: 'ID-MALFORMED-4XX',
      spec: 'spec §4 cancelOrder rule 3; RFC 9110 §15.6; spec §7',
      level: 'MUST',
      rules: ['4.cancel.param', '7.error-object'],
      requirement:
        'A malformed orderId is never answered 2xx around an absent id, nor 5xx around any id, and any body it gets is an Error object: every such cancel of the run is judged, whichever check sent it.',
      rationale:
        'The malformed spellings (letters, trailing text, fractions, exponents, signs, hex, digit separators, spaces, beyond int64, non-ASCII digits, stray percent-escapes, very long) name no order, so no order can have been cancelled. An escape that is no percent-encoding at all makes the request invalid HTTP, which the HTTP stack may answer itself: then only the status is judged.',
      basis: [SPEC.absent404, SPEC.errorObject],
      title:
        'Property: DELETE /store/orders/{malformed id around an absent id}, generated across the spelling catalogue; judges every such cancel of the run',
      needs: { requests: 0, shared: MALFORMED_IDS },
      cases: spellingCases(['MUST', 'SHOULD', 'INFO', undefined]),
      recorded: { shows: MALFORMED },
      // The property's cases, then the spelling run (sent already when ID-MALFORMED-STATUS-INFO ran); its
      // attempts stop it on the first failing answer.
      async send(ctx: Ctx) {
        const run = await malformedRun(ctx);
        if ('skip' in run) ctx.skip(run.skip);
        // Too few generated cases safe to send: the spelling run's malformed cancels are judged alone, if any.
        reportIdSending(
          ctx,
          MALFORMED_OWNER,
          run.result,
          (c) => `${c.kind} ${short(malformedSegment(c))}`,
          (why) => {
            if ((run.spelled?.answers.length ?? 0) === 0) ctx.skip(why);
            ctx.note(
              `no generated case: ${why.reason}; the spelling catalogue's malformed cancels are judged`,
            );
          },
        );
      },
      judge: malformed4xx,
      unanswered: malformedUnanswered,
    }),
  ],
});

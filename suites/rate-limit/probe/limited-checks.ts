// The RL-PROBE checks of the walk's 429 (or of the refusal a limiter gave instead, judged as a 429 would be):
// its Retry-After, whether that agrees with Reset, its rate-limit headers and its body. Their judges read the
// probe's record (session.ts: sent by their send, or shown by a recording) and never send.
import type { CheckDefinition } from '../../../lib/check/model.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import { type Ctx, check } from '../../kit/context.ts';
import { expectErrorBody } from '../../kit/expect.ts';
import { describeStatus, viewOf } from '../../kit/responses.ts';
import { NOT_OBSERVED, trafficOf } from '../../kit/traffic.ts';
import { LIMITED_SHOWS, limitedCheck, refusalsOf } from './access.ts';
import { probeNeeds } from './cost.ts';
import { judge429Headers, judgeConsistency, judgeRetryAfter } from './judge-after-walk.ts';
import { refusalName } from './refusal.ts';
import { sendProbe } from './session.ts';

export const LIMITED_CHECKS: CheckDefinition<Ctx>[] = [
  limitedCheck(
    {
      id: 'RL-PROBE-429-RETRY-AFTER',
      judgesRefusals: true,
      level: 'SHOULD',
      rules: ['8.r4', '8.r8'],
      requirement:
        'The 429 carries a Retry-After giving the time the client is to wait before retrying, in either form (delay-seconds or HTTP-date).',
      rationale:
        'Spec §8 rule 4 tells the client "to wait for the time given in the Retry-After header": a rule that has the client use what only the server can supply binds the server to supply it, and a 429 without one leaves a client unable to follow the rule (it can only guess from X-RateLimit-Reset). RFC 6585 §4 alone lets a 429 leave it out (MAY); the spec, the more specific, does not. SHOULD, not MUST: the spec words the rule as the client\'s, not as the server\'s in so many words. A value that is sent must match its grammar (RL-HEADERS-RETRY-AFTER-VALID).',
      basis: [SPEC.retryAfterWait, RFC.retryAfterMeaning],
      title: 'Reads Retry-After on the walk’s 429',
    },
    judgeRetryAfter,
  ),
  limitedCheck(
    {
      id: 'RL-PROBE-RETRY-AFTER-CONSISTENT',
      judgesRefusals: true,
      spec: 'spec §8 rules 2, 4 and 8',
      level: 'SHOULD',
      rules: ['8.r2', '8.r4'],
      requirement:
        'The Retry-After wait ends no later than the X-RateLimit-Reset moment, so waiting until the reset is enough.',
      rationale:
        "Read on the server's own clock where the 429 carries a Date (Reset minus Date against Retry-After): whole seconds on the three fields put an honest Retry-After at most 2 s past Reset, so that much is allowed; without a Date, 2 s + 10 % for clock skew as well. A shorter Retry-After (a token bucket's next token) is consistent. SHOULD, not MUST: the spec states neither the unit of Retry-After nor its relation to Reset.",
      basis: [SPEC.resetMoment, RFC.retryAfterMeaning],
      title: 'Compares Retry-After with X-RateLimit-Reset on the walk’s 429',
    },
    judgeConsistency,
  ),
  limitedCheck(
    {
      id: 'RL-PROBE-429-HEADERS',
      judgesRefusals: true,
      level: 'MUST',
      rules: ['8.r1'],
      requirement:
        'The 429 carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, with Remaining 0.',
      basis: [SPEC.rateLimitHeaders],
      title: 'Reads the rate-limit headers of the walk’s 429',
    },
    judge429Headers,
  ),
  check({
    id: 'RL-PROBE-429-BODY',
    judgesRefusals: true,
    spec: 'spec §7; spec §7 rule 3; spec §2 Error',
    level: 'MUST',
    rules: ['7.error-object', '7.r3'],
    requirement:
      'A 429 that carries a body carries an Error object whose status is 429 (the body itself is not shown, spec §7 rule 3).',
    basis: [SPEC.errorObject, SPEC.errorStatus],
    title: 'Validates the body, if any, of the walk’s 429',
    needs: probeNeeds,
    recorded: { shows: LIMITED_SHOWS },
    send: sendProbe,
    async judge(ctx: Ctx) {
      const { walk, refusals } = await refusalsOf(ctx);
      // The client reads a live answer's body whole; a recording may hold only its start, and a 429 recorded
      // without its body would read as having none.
      if (!trafficOf(ctx).live && walk.limited?.response.exchange.response?.bodyTruncated)
        ctx.skip('the 429 was recorded without its body', NOT_OBSERVED);
      const seen: string[] = [];
      for (const limited of refusals) {
        const res = limited.response;
        const name = refusalName(limited);
        if (res.bytes === 0) {
          seen.push(`${name} without a body (allowed: the 429 body is not shown, spec §7 rule 3)`);
          continue;
        }
        expectErrorBody(ctx, viewOf(res), res.exchange);
        seen.push(`${name} with a valid Error body (${describeStatus(res)})`);
      }
      ctx.observe(seen.join('; '), refusals.length);
    },
  }),
];

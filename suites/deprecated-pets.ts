// spec §9 rule 3: GET /pets/{petId} is deprecated and has a sunset date. Its shape is not shown, so only
// auth (spec §5) and the standard deprecation signals (RFC 9745, RFC 8594) are checked.

import { isImfFixdate, parseHttpDate } from '../lib/formats/http-date.ts';
import { type Ctx, check, suite } from './shared/context.ts';
import { describeStatus, header } from './shared/responses.ts';
import { shares } from './shared/sendings.ts';

/** RFC 9745 §2.1: Deprecation is an RFC 9651 Date item, "@" and an integer of seconds since the epoch. */
const SF_DATE = /^@-?\d{1,15}$/;

export const deprecatedPets = suite({
  id: 'PETS',
  title: 'Deprecated GET /pets/{petId}',
  spec: 'spec §9 rule 3',
  checks: [
    check({
      id: 'PETS-401-WITHOUT-CREDENTIALS',
      spec: 'spec §5 rule 3; spec §9 rule 3',
      level: 'MUST',
      rules: ['5.r3'],
      requirement:
        'The deprecated read, like every operation, requires the bearer credential: without it the answer is 401.',
      title: 'Sends GET /pets/{petId} with no Authorization header',
      needs: { requests: 0, shared: shares('pets without credentials') },
      async run(ctx: Ctx) {
        const res = await ctx.target.unauthenticated('pets');
        if (!res) ctx.skip('the pets request could not be sent');
        ctx.require(res.status === 401, `answered ${describeStatus(res)}`, {
          expected: '401',
          actual: String(res.status),
          exchange: res.exchange,
        });
        ctx.observe('401 without credentials');
      },
    }),
    check({
      id: 'PETS-RESPONSE-INFO',
      spec: 'spec §4 Other operations (shape: not shown)',
      level: 'INFO',
      rules: ['4.other.pets'],
      requirement: 'The shape of the deprecated read is not specified; what it answers is recorded.',
      title: 'Sends GET /pets/{a petId from the list} with the API key',
      needs: { requests: 0, shared: shares('pet read') },
      async run(ctx: Ctx) {
        const res = await ctx.target.pet();
        ctx.evidence(res.exchange);
        ctx.observe(`answered ${describeStatus(res)}`);
      },
    }),
    check({
      id: 'PETS-DEPRECATION-HEADER',
      spec: 'RFC 9745 §2; spec §9 rule 3',
      level: 'SHOULD',
      rules: ['9.r3'],
      requirement:
        'A deprecated resource announces it with a Deprecation header whose value is an RFC 9651 Date ("@" + Unix seconds).',
      title: 'Reads Deprecation on the authenticated GET /pets/{petId}',
      needs: { requests: 0, shared: shares('pet read') },
      async run(ctx: Ctx) {
        const res = await ctx.target.pet();
        const v = header(res, 'deprecation');
        ctx.require(v !== undefined, 'no Deprecation header', {
          expected: 'Deprecation: @<seconds>',
          actual: '(absent)',
          exchange: res.exchange,
        });
        ctx.require(
          SF_DATE.test(v.trim()),
          `Deprecation ${JSON.stringify(v)} is not "@" followed by Unix seconds`,
          { exchange: res.exchange },
        );
        ctx.observe(`Deprecation: ${v} (${new Date(Number(v.trim().slice(1)) * 1000).toISOString()})`);
      },
    }),
    check({
      id: 'PETS-SUNSET-HEADER',
      spec: 'RFC 8594 §3; spec §9 rule 3',
      level: 'SHOULD',
      rules: ['9.r3', '9.r3-date'],
      requirement:
        'The sunset date of the deprecated resource is announced in a Sunset header whose value is an HTTP-date.',
      title: 'Reads Sunset on the authenticated GET /pets/{petId}',
      needs: { requests: 0, shared: shares('pet read') },
      async run(ctx: Ctx) {
        const res = await ctx.target.pet();
        const v = header(res, 'sunset');
        ctx.require(v !== undefined, 'no Sunset header', {
          expected: 'Sunset: <HTTP-date>',
          actual: '(absent)',
          exchange: res.exchange,
        });
        const at = parseHttpDate(v);
        ctx.require(at !== undefined, `Sunset ${JSON.stringify(v)} is not an HTTP-date`, {
          exchange: res.exchange,
        });
        if (!isImfFixdate(v.trim()))
          ctx.note('Sunset uses an obsolete HTTP-date form; senders use IMF-fixdate (RFC 9110 §5.6.7)');
        if (at < Date.now()) ctx.note('the sunset date is in the past');
        ctx.observe(`Sunset: ${v}`);
      },
    }),
  ],
});

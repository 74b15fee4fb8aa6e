// spec §9 rule 3: GET /pets/{petId} is deprecated and has a sunset date. Its shape is not shown, so only
// auth (spec §5) is judged; whether the standard deprecation signals (RFC 9745, RFC 8594) are sent is only
// recorded, as neither the spec nor those RFCs oblige a server to send them, but one that is sent is judged
// by its RFC (signals.ts).

import { isImfFixdate, parseHttpDate } from '../../lib/formats/http-date.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { refused } from '../kit/refused-keys.ts';
import { describeStatus, header } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { deprecationAtMs, PET, SIGNAL_CHECKS } from './signals.ts';

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
      basis: [SPEC.everyOperation, SPEC.invalidKey401, SPEC.petsRead],
      title: 'Sends GET /pets/{petId} with no Authorization header',
      needs: { requests: 0, shared: shares('pets without credentials', 'pet read') },
      recorded: { shows: 'a GET /pets/{petId} sent without any credential' },
      send: async (ctx: Ctx) => void (await ctx.target.unauthenticated('pets')),
      judge: refused('AUTH-MISSING-401', 'no credential at all, on the pets read', {
        also: ({ route }) => route?.op === 'pets',
      }),
    }),
    check({
      id: 'PETS-RESPONSE-INFO',
      spec: 'spec §4 Other operations (shape: not shown)',
      level: 'INFO',
      rules: ['4.other.pets'],
      requirement: 'The shape of the deprecated read is not specified; what it answers is recorded.',
      basis: [SPEC.petsRead],
      title: 'Sends GET /pets/{a petId from the list} with the API key',
      needs: { requests: 0, shared: shares('pet read') },
      recorded: { shows: PET },
      async judge(ctx: Ctx) {
        const res = await ctx.target.pet();
        ctx.evidence(res.exchange);
        ctx.observe(`answered ${describeStatus(res)}`, 1);
      },
    }),
    check({
      id: 'PETS-DEPRECATION-HEADER',
      spec: 'spec §9 rule 3; RFC 9745 §2',
      level: 'INFO',
      rules: ['9.r3'],
      requirement:
        'Whether the deprecated read announces its deprecation in a Deprecation header is recorded.',
      rationale:
        'The spec says the read is deprecated, not how that is announced; RFC 9745 defines the field (an RFC 9651 Date, "@" + Unix seconds) without obliging a server to send it.',
      basis: [SPEC.petsDeprecated],
      title: 'Reads Deprecation on the authenticated GET /pets/{petId}',
      needs: { requests: 0, shared: shares('pet read') },
      recorded: { shows: PET },
      async judge(ctx: Ctx) {
        const res = await ctx.target.pet();
        ctx.evidence(res.exchange);
        const v = header(res, 'deprecation');
        if (v === undefined) {
          ctx.observe('no Deprecation header (allowed: nothing obliges a server to send one)', 1);
          return;
        }
        const at = deprecationAtMs(v);
        if (at === undefined) {
          ctx.observe(`Deprecation ${JSON.stringify(v)}: no RFC 9651 Date (see PETS-DEPRECATION-DATE)`, 1);
          return;
        }
        ctx.observe(`Deprecation: ${v} (${new Date(at).toISOString()})`, 1);
      },
    }),
    check({
      id: 'PETS-SUNSET-HEADER',
      spec: 'spec §9 rule 3; RFC 8594 §3',
      level: 'INFO',
      rules: ['9.r3', '9.r3-date'],
      requirement: 'Whether the deprecated read announces its sunset date in a Sunset header is recorded.',
      rationale:
        'The spec says the read has a sunset date (the date: not shown), not how that is announced; RFC 8594 defines the field (an HTTP-date) without obliging a server to send it.',
      basis: [SPEC.petsDeprecated],
      title: 'Reads Sunset on the authenticated GET /pets/{petId}',
      needs: { requests: 0, shared: shares('pet read') },
      recorded: { shows: PET },
      async judge(ctx: Ctx) {
        const res = await ctx.target.pet();
        ctx.evidence(res.exchange);
        const v = header(res, 'sunset');
        if (v === undefined) {
          ctx.observe('no Sunset header (allowed: nothing obliges a server to send one)', 1);
          return;
        }
        const at = parseHttpDate(v);
        if (at === undefined || !isImfFixdate(v.trim())) {
          ctx.observe(`Sunset ${JSON.stringify(v)}: no IMF-fixdate (see PETS-SUNSET-HTTP-DATE)`, 1);
          return;
        }
        if (at < Date.now())
          ctx.note('the sunset date is in the past (RFC 8594 §3: it SHOULD be in the future)');
        ctx.observe(`Sunset: ${v}`, 1);
      },
    }),
    ...SIGNAL_CHECKS,
  ],
});

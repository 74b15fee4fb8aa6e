// spec §5 Authentication: every operation (list, cancel, the deprecated pets read) refuses a missing or
// invalid key with 401, an Error body and a challenge, before it reveals whether anything exists.

import type { Basis } from '../../lib/check/model.ts';
import { input, OUTCOME, strongest } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import type { Auth } from '../../lib/http/client.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { deleteGate, proofText } from '../kit/delete-gate.ts';
import { ORDERS } from '../kit/paths.ts';
import { refused } from '../kit/refused-keys.ts';
import { shares } from '../kit/sendings.ts';
import { afterKeyedList } from '../kit/target-facts.ts';
import { credentialFormChecks } from './forms.ts';
import { bearerChallenge, challenge401, errorBody401, OPERATION, schemeCase } from './judges.ts';
import { malformedWithoutKey } from './malformed-unauthenticated.ts';
import { pathSpellingChecks } from './paths.ts';
import { sendAs, sendEach, sendHead } from './unauthorized.ts';
import { settleUnreached } from './unreached.ts';

/** The list without credentials, sent once per run: a 401 for the checks that read every 401. */
const send401 = async (ctx: Ctx): Promise<void> => void (await ctx.target.unauthenticated('list'));

/** A check that every operation refuses one kind of credential with 401. */
interface RefusedCredential {
  id: string;
  rules: string[];
  basis: Basis[];
  /** The credential, as the requirement names it. */
  what: string;
  /** The credential as its judge names it on any exchange that offered it (not only this check's). */
  seen: string;
  /** The traffic that shows it, in a recording as in a run. */
  shows: string;
  title: string;
  auth: (ctx: Ctx) => Auth;
  /** HEAD of the list is sent with the credential too (sendHead). */
  head?: true;
  /**
   * The list goes right after a keyed list of the same URL and Accept (a shared cache that ignores the key),
   * unless the run's key-less list, sent so, was refused: that cache was not met.
   */
  afterKeyedList?: true;
}

function authCheck({
  id,
  rules,
  basis,
  what,
  seen,
  shows,
  title,
  auth,
  head,
  afterKeyedList: keyedFirst,
}: RefusedCredential) {
  return check({
    id,
    spec: 'spec §5 rules 3-4',
    level: 'MUST',
    rules,
    requirement: `Every operation answers 401 when the request carries ${what}.`,
    basis,
    title,
    needs: { requests: 3 + (head ? 1 : 0) + (keyedFirst ? 1 : 0), shared: shares('order list', 'pet read') },
    recorded: { shows },
    async send(ctx: Ctx) {
      // The HEAD reuses the last credential sent: a fresh one would draw on --seed, and shift every later sample.
      let last: Auth | undefined;
      await sendEach(ctx, async (op) => {
        last = auth(ctx);
        if (op === 'list' && keyedFirst && !(await ctx.target.keylessListRefused()))
          await afterKeyedList(ctx.http, ctx.memo);
        return sendAs(ctx, op, last);
      });
      if (head) await sendHead(ctx, last ?? auth(ctx));
    },
    judge: refused(id, seen, { settle: settleUnreached }),
  });
}

export const authentication = suite({
  id: 'AUTH',
  title: 'Authentication',
  spec: 'spec §5',
  checks: [
    check({
      id: 'AUTH-MISSING-401',
      spec: 'spec §5 rules 3-4',
      level: 'MUST',
      rules: ['5.r3', '5.r4', '4.list.401', '4.cancel.401', '7.401'],
      requirement: 'Every operation answers 401 when the Authorization header is missing.',
      basis: [SPEC.invalidKey401, SPEC.everyOperation],
      title:
        'Sends list (right after a keyed list of the same URL), cancel (absent id), pets and HEAD of the list with no Authorization header',
      needs: {
        requests: 1,
        shared: shares(
          'list without credentials',
          'cancel without credentials',
          'pets without credentials',
          'pet read',
        ),
      },
      recorded: { shows: `${OPERATION} sent without any credential` },
      async send(ctx: Ctx) {
        await sendEach(ctx, (op) => ctx.target.unauthenticated(op));
        await sendHead(ctx, { kind: 'none' });
      },
      judge: refused('AUTH-MISSING-401', 'no credential at all', { settle: settleUnreached }),
    }),
    authCheck({
      id: 'AUTH-EMPTY-BEARER-401',
      rules: ['5.r2', '5.r4'],
      basis: [SPEC.invalidKey401, SPEC.keyForm, SPEC.everyOperation],
      what: 'a Bearer scheme with no token',
      seen: '"Authorization: Bearer" and no token',
      shows: `${OPERATION} with "Authorization: Bearer" and no token`,
      title: 'Sends each operation with "Authorization: Bearer" and no token',
      auth: () => ({ kind: 'literal', authorization: 'Bearer' }),
    }),
    authCheck({
      id: 'AUTH-UNKNOWN-KEY-401',
      rules: ['5.r4'],
      basis: [SPEC.invalidKey401, SPEC.everyOperation],
      what: 'a bearer token that is not a key',
      seen: 'a bearer token that is not a key',
      shows: `${OPERATION} with a bearer token that is not a key (the judge told the key with ${flagRef('apiKey')})`,
      title:
        'Sends each operation (the list right after a keyed list of the same URL), and HEAD of the list, with a random, never-issued bearer token',
      auth: (ctx) => ({ kind: 'literal', authorization: `Bearer osc_unknown_${ctx.random.token(24)}` }),
      head: true,
      afterKeyedList: true,
    }),
    ...credentialFormChecks,
    ...pathSpellingChecks,
    check({
      id: 'AUTH-401-ERROR-BODY',
      spec: 'spec §5 rule 4; spec §2 Error',
      level: 'MUST',
      rules: ['5.r4', '2.error.fields', '4.list.401', '4.cancel.401'],
      requirement: 'A 401 carries an Error object (code, message, status) whose status is 401.',
      basis: [SPEC.invalidKey401, SPEC.errorFieldsRequired, SPEC.errorStatus],
      title: 'Validates the body of every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      recorded: { shows: 'any answer 401 recorded with its body' },
      send: send401,
      judge: errorBody401,
    }),
    check({
      id: 'AUTH-WWW-AUTHENTICATE',
      level: 'MUST',
      rules: ['5.r1', '5.r4'],
      requirement:
        'A server generating a 401 response must send a WWW-Authenticate header field containing at least one challenge.',
      basis: [RFC.challenge401],
      title: 'Reads WWW-Authenticate on every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      recorded: { shows: 'any answer 401' },
      send: send401,
      judge: challenge401,
    }),
    check({
      id: 'AUTH-CHALLENGE-BEARER',
      spec: 'RFC 6750 §3; spec §5 rule 1',
      level: 'MUST',
      rules: ['5.r1'],
      requirement: 'The 401 challenge of a bearer-protected resource uses the auth-scheme "Bearer".',
      basis: [RFC.challengeApplicable, SPEC.bearer, RFC.bearerChallenge],
      title: 'Reads the scheme of WWW-Authenticate on every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      recorded: { shows: 'any answer 401 with a WWW-Authenticate challenge' },
      send: send401,
      judge: bearerChallenge,
    }),
    check({
      id: 'AUTH-BEFORE-EXISTENCE',
      spec: 'spec §5 rule 3; spec §4',
      level: 'MUST',
      rules: ['5.r3'],
      requirement:
        'An unauthenticated cancel answers 401, never 404 or 409, nor, for an id that is no orderId, an answer that read the id (2xx, 400, 409, 422, 500).',
      rationale:
        'Every operation requires the bearer credential (spec §5 rules 3-4), so an unauthenticated caller never learns whether an order exists, nor how its id is read: the key is asked for first. A route that takes digits only may answer a malformed id 404 or 405 before any guard (no operation reached): that is noted, not judged.',
      basis: [SPEC.everyOperation, SPEC.invalidKey401],
      title:
        'Sends DELETE of an absent id, of that id with a letter after it (no orderId) and of a shipped fixture with no Authorization header',
      needs: { requests: 2, shared: shares('cancel without credentials') },
      recorded: { shows: 'a DELETE /store/orders/{id} sent without any credential' },
      async send(ctx: Ctx) {
        const absent = await ctx.target.unauthenticated('cancel');
        if (!absent) ctx.note('absent-id cancel not sent: no id can be proven absent');
        // The absent id with a letter after it: no orderId, and a reader that stops at the letter finds no order.
        // Not once a DELETE of an id not given was served (the absent one just now among them): the gate would
        // refuse it and leave the whole check out, that finding with it.
        const id = absent ? await ctx.target.absentId() : undefined;
        const gate = deleteGate(ctx.memo, ctx.config).proof;
        if (id !== undefined && gate) ctx.note(`malformed-id cancel not sent: ${proofText(gate)}`);
        else if (id !== undefined)
          await ctx.http.send({ method: 'DELETE', path: `${ORDERS}/${id}x`, auth: { kind: 'none' } });
        const shipped = ctx.target.shippedIds[0];
        if (shipped !== undefined)
          await ctx.http.send({ method: 'DELETE', path: `${ORDERS}/${shipped}`, auth: { kind: 'none' } });
        else ctx.note(`shipped-order cancel not sent: set ${flagRef('shippedOrderIds')} to include it`);
        if (!absent && shipped === undefined) {
          const refusal = await ctx.target.absenceRefusal();
          ctx.skip(
            `neither an absent id nor a shipped fixture is known: set ${flagRef('shippedOrderIds')} (${refusal?.reason ?? 'no absent id'})`,
            strongest(input('shippedOrderIds'), refusal?.cause ?? OUTCOME),
          );
        }
      },
      judge: refused('AUTH-MISSING-401', 'no credential at all, on a cancel', {
        also: ({ route }) => route?.op === 'cancel',
        more: malformedWithoutKey,
      }),
    }),
    check({
      id: 'AUTH-SCHEME-CASE-INSENSITIVE',
      spec: 'RFC 9110 §11.1',
      level: 'SHOULD',
      rules: ['5.r1'],
      requirement:
        'The authentication scheme is a case-insensitive token, so "bearer <key>" is accepted like "Bearer <key>".',
      basis: [RFC.schemeCaseInsensitive, SPEC.bearer, RFC.bearerHeaderSupported],
      title: 'Sends GET /store/orders with "Authorization: bearer <key>"',
      needs: { requests: 1 },
      recorded: { shows: 'a request with the key under "bearer" (the scheme in another case)' },
      send: async (ctx: Ctx) =>
        void (await ctx.http.send({ method: 'GET', path: ORDERS, auth: { kind: 'key', scheme: 'bearer' } })),
      judge: schemeCase,
    }),
  ],
});

// spec §4 cancelOrder path parameter orderId (int64): property-based checks with fast-check, edges first,
// bounded by the request budget and replayable from --seed/--replay-path. Never sends a segment that any
// lenient reading could take for an order the run may not cancel (kit/known-orders.ts).

import type { CheckDefinition } from '../../lib/check/model.ts';
import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { TRUST_HINT } from '../kit/absence.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { admissibleAbsent, knownOrders, noKnownReason } from '../kit/known-orders.ts';
import { itemsOf, noteLenientLists } from '../kit/list-body.ts';
import { orderPath } from '../kit/paths.ts';
import { shares } from '../kit/sendings.ts';
import { ABSENT_EDGES, absentArbitrary, absentEdges, MAX_NEIGHBOUR_EDGES } from './absent.ts';
import { isolation, sendSpellings } from './cancel.ts';
import { ALL_VARIANTS } from './catalogue.ts';
import { judgeAbsent } from './judge.ts';
import { ABSENT_SENT, absent404 } from './judges.ts';
import { readListIds, untestedBeyond } from './lossless.ts';
import { malformedStatus } from './malformed-judges.ts';
import { malformedRun } from './malformed-run.ts';
import { MAX_SHRINKS, reportIdSending, runIdProperty } from './property.ts';
import { DEFAULT_SPELLINGS } from './sample.ts';
import { leadingZeros, lenientSpellings, misreadSpellings, plusSign } from './spelling-judges.ts';
import { spellingCases } from './spelling-listing.ts';

/** The traffic that shows the malformed-id checks, in a recording as in a run. */
export const MALFORMED =
  'a DELETE /store/orders/{id} with the key whose id is no ASCII decimal int64 (7abc, 0x7, 7.0, 007…)';

/** The absent ids: the edges, then one per generated case, then the shrinks after a failure. */
const ABSENT_IDS = {
  requests: ABSENT_EDGES.length + MAX_NEIGHBOUR_EDGES + MAX_SHRINKS,
  generated: true,
} as const;
/**
 * The spelling run, sent once for every check that reads it (spelling.ts): one case of every kind of the
 * catalogue (the length case aside) and the sample's spare tries against a fixture, every variant of every
 * kind under --exhaustive.
 */
const SPELLINGS = {
  ...shares('order list'),
  'orderId spellings': { requests: DEFAULT_SPELLINGS, exhaustive: ALL_VARIANTS },
};
/**
 * The pending fixture the spelling run spells (held for every check that judges a spelling of a real order's id,
 * and cancelled only by a spelling the server accepts); without one the run spells around absent ids only.
 */
const ON_FIXTURE = {
  ...SPELLINGS,
  'orderId spellings on a fixture': { requests: 0, cancellable: 1 },
  // Beside the kinds, each saturating spelling against its int64 edge when that edge is a fixture.
  ...shares('int64 edge fixtures'),
};
/** The malformed-id property's generated cases and shrinks, and the spelling run it also judges. */
export const MALFORMED_IDS = { ...SPELLINGS, 'malformed ids': { requests: MAX_SHRINKS, generated: true } };

/** Each ID- check, judged on lists read past a leading byte order mark, says so (suites/kit/list-body.ts). */
function notingLenientLists(checks: CheckDefinition<Ctx>[]): CheckDefinition<Ctx>[] {
  return checks.map((c) => {
    const judge = c.judge;
    if (!judge) return c;
    return {
      ...c,
      judge: async (ctx: Ctx) => {
        noteLenientLists(ctx);
        await judge(ctx);
      },
    };
  });
}

export const orderIdProperties = suite({
  id: 'ID',
  title: 'orderId handling (property-based)',
  spec: 'spec §4 cancelOrder (orderId: int64)',
  checks: notingLenientLists([
    check({
      id: 'ID-LIST-LOSSLESS',
      spec: 'spec §2 Order (id: int64, unique order identifier)',
      level: 'MUST',
      rules: ['2.order.id'],
      requirement:
        'Order ids in the list are unique int64 integers written exactly: beyond 2^53 none is rounded, duplicated, or replaced by a rounded twin of a known order.',
      basis: [SPEC.orderId],
      title: 'Reads the GET /store/orders ids as written (no JS number) and compares them with the fixtures',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: 'a GET /store/orders sent with the key and answered' },
      async judge(ctx: Ctx) {
        const list = await ctx.target.list();
        const { response } = list;
        itemsOf(ctx, list);
        const fixtures = [...ctx.config.cancellableOrderIds, ...ctx.config.shippedOrderIds];
        const read = readListIds(list, fixtures);
        if (!read)
          ctx.skip(
            'the list body is not a JSON array, nor an object holding one (see LIST-BODY-ARRAY)',
            OUTCOME,
          );
        for (const n of read.notes) ctx.note(n);
        for (const p of read.problems) ctx.problem(p.message, { exchange: response.exchange });
        const { distinct, beyond } = read;
        const untested = untestedBeyond(beyond, ctx.config.cancellableOrderIds);
        if (untested) ctx.note(untested);
        ctx.observe(
          `${distinct} distinct exact ids, ${beyond.count} beyond 2^53${beyond.count ? ` (${beyond.first.join(', ')})` : ''}`,
          distinct,
        );
      },
    }),
    check({
      id: 'ID-ABSENT-404',
      spec: 'spec §4 cancelOrder rule 3; spec §7; spec §8 rule 1',
      level: 'MUST',
      rules: ['4.cancel.r3', '4.cancel.param', '7.404', '8.r1'],
      requirement:
        'DELETE of any int64 orderId that no order has (negatives, 2^53+1 and the int64 bounds included) answers 404 with an Error body whose status is 404, and the rate-limit headers.',
      basis: [SPEC.absent404, SPEC.cancel404Body, SPEC.errorStatus, SPEC.rateLimitHeaders],
      title:
        'Property: DELETE /store/orders/{int64 absent from the list}, edge cases first, then generated across int64',
      needs: { ...ABSENT_IDS, shared: shares('order list') },
      recorded: { shows: 'a DELETE /store/orders/{id} with the key of an id the first list proves absent' },
      // The property's cases; its attempts stop it on the first failing answer, which the judge then finds.
      async send(ctx: Ctx) {
        const known = await knownOrders(ctx);
        if (!known) ctx.skip(await noKnownReason(ctx));
        const { edges, leftOut } = absentEdges(known);
        if (leftOut.length > 0) ctx.note(`edge cases not sent: ${leftOut.join(', ')}`);
        const result = await runIdProperty<bigint>(ctx, 'ID-ABSENT-404', {
          arbitrary: absentArbitrary,
          examples: edges,
          admissible: (id) => admissibleAbsent(known, id),
          key: (id) => id.toString(),
          async attempt(id) {
            const segment = id.toString();
            const res = await ctx.http.send({ method: 'DELETE', path: orderPath(segment) });
            return judgeAbsent(segment, res, known);
          },
        });
        reportIdSending(ctx, 'ID-ABSENT-404', result, (id) => id.toString());
        const untrusted = leftOut.filter((r) => r.includes(TRUST_HINT)).length;
        ctx.memo.once(ABSENT_SENT, () => ({
          replayed: result.replayed !== undefined,
          edges: edges.length,
          untrusted,
        }));
      },
      judge: absent404,
    }),
    // Before the spelling run, which spends a fixture on each spelling a server accepts.
    check({
      id: 'ID-CANCEL-ISOLATION',
      spec: 'spec §4 cancelOrder; spec §3',
      level: 'MUST',
      rules: ['4.cancel.param', '3.shipped-cancel'],
      requirement:
        'Cancelling one order changes no other: a shipped order still answers 409 and another pending order is still cancellable afterwards.',
      rationale:
        '9007199254740993 and 9007199254740992 are among the ids, so a server that reads ids as JS numbers confuses them.',
      basis: [SPEC.shipped409, SPEC.pendingCancelled, SPEC.orderIdParam],
      title: 'Cancels a fixture, reads the list, then re-asks a shipped order and cancels the next fixture',
      // Both pending fixtures are cancelled (the second to see it still is cancellable), a list between.
      needs: { requests: 4, cancellable: 2, shared: shares('shipped cancel') },
      recorded: {
        only: 'a cancel of one fixture, the list, then a shipped order re-asked and the next fixture cancelled',
      },
      async run(ctx: Ctx) {
        await isolation(ctx);
      },
    }),
    check({
      id: 'ID-MALFORMED-STATUS-INFO',
      spec: 'spec §4 cancelOrder (orderId: int64; only 404 is listed for a bad id)',
      level: 'INFO',
      rules: ['4.cancel.param'],
      requirement:
        'Which 4xx a malformed orderId gets is not specified (400 and 404 are both seen); recorded.',
      basis: [SPEC.orderIdParam, SPEC.absent404],
      title: 'Tallies the statuses and Error codes of the ID-MALFORMED-4XX answers',
      needs: { requests: 0, shared: MALFORMED_IDS },
      recorded: { shows: MALFORMED },
      async send(ctx: Ctx) {
        const run = await malformedRun(ctx);
        if ('skip' in run) ctx.skip(run.skip);
      },
      judge: malformedStatus,
    }),
    check({
      id: 'ID-CANCEL-MISREAD',
      spec: 'spec §4 cancelOrder rule 3; spec §4 cancelOrder (path parameter orderId: integer, int64)',
      level: 'MUST',
      rules: ['4.cancel.r3', '4.cancel.param'],
      requirement:
        'A segment that names no order is never read as the order a careless parser reads into it: it never cancels a pending one (no 2xx), nor is refused as a shipped one (409).',
      rationale:
        "No integer (7abc, 7%00), another number (7.5, 7e3), a leading zero read as octal (024 for 20), a value beyond int64 (2^64 + 7, which an unchecked parser wraps to 7) or an int64 proven absent whose low 32 bits are the order's (2^33 + 7, which a 32-bit reader such as C's (int)strtoll takes for 7) names no order (spec §4 cancelOrder rule 3: no order has that orderId). A kind left without a pending fixture (an accepted spelling spent it) spells a shipped order whose every other reading names no order: a 409 there, from a server that answers that order 409 and other unreadable ids otherwise, is that order's answer.",
      basis: [SPEC.absent404, SPEC.orderIdParam],
      title: `Reads the spelling run against pending fixtures: trailing text, other numbers, stray bytes, values past int64 that wrap to the fixture, an absent int64 whose low 32 bits are the fixture's (each kind's first spellings in turn until one is accepted; every one with ${flagRef('exhaustive')}), a shipped order's once none is left`,
      needs: { requests: 0, shared: ON_FIXTURE },
      cases: spellingCases(['MUST']),
      recorded: {
        shows: `${MALFORMED} that a careless parser reads as a listed order (7abc, 7.5, 2^64 + 7), and absent ids whose low 32 bits name a pending one (2^33 + 7)`,
      },
      async send(ctx: Ctx) {
        await sendSpellings(ctx, 'MUST');
      },
      judge: misreadSpellings,
    }),
    check({
      id: 'ID-CANCEL-SPELLING',
      spec: 'spec §4 cancelOrder (path parameter orderId: integer, int64)',
      level: 'SHOULD',
      rules: ['4.cancel.param'],
      requirement:
        'A spelling of an existing id other than its ASCII decimal form (leading zeros and a plus sign aside) cancels nothing, and is not answered as that order (a 409 for a shipped one).',
      rationale:
        "Spellings such as 0x7, 0o7, 7e0, 7.0, 0_7, whitespace around it or non-ASCII digits (٧, ７) are no int64 in the path's form, and lenient id parsing lets a typo cancel a real order. SHOULD: the spec types the orderId but does not say how a server must treat other spellings of it. A leading plus sign is an ordinary signed decimal spelling, recorded by ID-CANCEL-PLUS-SIGN-INFO.",
      basis: [SPEC.orderIdParam, SPEC.absent404],
      title: `Reads the spelling run against pending fixtures: hex and other radixes, exponents, decimals, digit separators, whitespace, non-ASCII digits (each kind's first spellings in turn until one is accepted; every one with ${flagRef('exhaustive')}), a fresh fixture after an acceptance, a shipped order's once none is left`,
      needs: { requests: 0, shared: ON_FIXTURE },
      cases: spellingCases(['SHOULD']),
      recorded: { shows: `${MALFORMED} spelling a listed order's id another way (0x7, 7e0, ٧)` },
      async send(ctx: Ctx) {
        await sendSpellings(ctx, 'SHOULD');
      },
      judge: lenientSpellings,
    }),
    check({
      id: 'ID-CANCEL-LEADING-ZEROS-INFO',
      spec: 'spec §4 cancelOrder (path parameter orderId: integer, int64; no canonical form is defined)',
      level: 'INFO',
      rules: ['4.cancel.param'],
      requirement:
        'Whether leading zeros (007) name the same order is not specified: they are an ordinary decimal spelling of the integer, so either answer is recorded.',
      basis: [SPEC.orderIdParam],
      title:
        "Reads the answers to DELETE /store/orders/0{N in octal} (read as octal it names fixture N, its decimal reading an id proven absent: a 2xx is ID-CANCEL-MISREAD's finding) and /00N, sent before the plus sign",
      needs: { requests: 0, shared: ON_FIXTURE },
      cases: spellingCases(['INFO'], 'leading-zeros'),
      recorded: { shows: `${MALFORMED}: a listed id with leading zeros (007)` },
      async send(ctx: Ctx) {
        await sendSpellings(ctx, 'INFO', 'leading-zeros');
      },
      judge: leadingZeros,
    }),
    check({
      id: 'ID-CANCEL-PLUS-SIGN-INFO',
      spec: 'spec §4 cancelOrder (path parameter orderId: integer, int64; no canonical form is defined)',
      level: 'INFO',
      rules: ['4.cancel.param'],
      requirement:
        'Whether a leading plus sign (+7) names the same order is not specified: it is an ordinary signed decimal spelling of the integer, so either answer is recorded.',
      rationale:
        'The spec types orderId as an int64 and says nothing of its spellings, and RFC 3986 only says what the path is: no sentence binds a server to refuse +7 (Java, Python, Go and Ruby read it as 7).',
      basis: [SPEC.orderIdParam],
      title: 'Reads the answer to DELETE /store/orders/+N (or %2BN), sent last of the spelling run',
      needs: { requests: 0, shared: ON_FIXTURE },
      cases: spellingCases(['INFO'], 'plus-sign'),
      recorded: { shows: `${MALFORMED}: a listed id with a leading plus sign (+7)` },
      async send(ctx: Ctx) {
        await sendSpellings(ctx, 'INFO', 'plus-sign');
      },
      judge: plusSign,
    }),
  ]),
});

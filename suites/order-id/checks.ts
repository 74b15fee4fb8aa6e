// spec §4 cancelOrder path parameter orderId (int64): property-based checks with fast-check, edges first,
// bounded by the request budget and replayable from --seed/--replay-path. Never sends a segment that any
// lenient reading could take for an order the run may not cancel (readings.ts).

import { OUTCOME } from '../../lib/check/skip.ts';
import { TRUST_HINT } from '../shared/absence.ts';
import { SPEC } from '../shared/basis.ts';
import { type Ctx, check, suite } from '../shared/context.ts';
import { itemsOf } from '../shared/list-body.ts';
import { orderPath } from '../shared/paths.ts';
import { shares } from '../shared/sendings.ts';
import {
  ABSENT_EDGES,
  absentArbitrary,
  absentEdges,
  admissibleAbsent,
  MAX_NEIGHBOUR_EDGES,
} from './absent.ts';
import { isolation, leadingZeros, lenientSpellings } from './cancel.ts';
import { SPELLING_KINDS } from './fixtures.ts';
import { judgeAbsent, short } from './judge.ts';
import { knownOrders, noKnownReason } from './known.ts';
import { readListIds } from './lossless.ts';
import { MALFORMED_KINDS, malformedSegment } from './malformed.ts';
import { MALFORMED_OWNER, malformedRun } from './malformed-run.ts';
import { MAX_SHRINKS, reportIdProperty, runIdProperty } from './property.ts';

/** The absent ids: the edges, then one per generated case, then the shrinks after a failure. */
const ABSENT_IDS = {
  requests: ABSENT_EDGES.length + MAX_NEIGHBOUR_EDGES + MAX_SHRINKS,
  generated: true,
} as const;
/** The malformed-id run, sent once for the two checks that read it (malformed-run.ts). */
const MALFORMED_IDS = {
  ...shares('order list'),
  'malformed ids': { requests: MALFORMED_KINDS.length + MAX_SHRINKS, generated: true },
};
/** The spelling run, sent once for the two checks that read it (spelling.ts): each spelling once. */
const SPELLINGS = { ...shares('order list'), spellings: { requests: SPELLING_KINDS.length } };

export const orderIdProperties = suite({
  id: 'ID',
  title: 'orderId handling (property-based)',
  spec: 'spec §4 cancelOrder (orderId: int64)',
  checks: [
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
      async run(ctx: Ctx) {
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
        const beyond: string[] = [];
        let beyondCount = 0;
        for (const id of read.counts.keys()) {
          if (Math.abs(Number(id)) <= Number.MAX_SAFE_INTEGER) continue;
          beyondCount++;
          if (beyond.length < 4) beyond.push(id);
        }
        ctx.observe(
          `${read.counts.size} distinct exact ids, ${beyondCount} beyond 2^53${beyondCount ? ` (${beyond.join(', ')})` : ''}`,
          read.counts.size,
        );
      },
    }),
    check({
      id: 'ID-ABSENT-404',
      spec: 'spec §4 cancelOrder rule 3; spec §7; spec §8 rule 1',
      level: 'MUST',
      rules: ['4.cancel.r3', '4.cancel.param', '7.404', '8.r1'],
      requirement:
        'For any int64 orderId that no order has (negatives, 2^53+1 and int64 bounds included), DELETE answers 404 with an Error body whose status is 404, and the rate-limit headers.',
      basis: [SPEC.absent404, SPEC.cancel404Body, SPEC.errorStatus, SPEC.rateLimitHeaders],
      title:
        'Property: DELETE /store/orders/{int64 absent from the list}, edge cases first, then generated across int64',
      needs: { ...ABSENT_IDS, shared: shares('order list') },
      async run(ctx: Ctx) {
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
        reportIdProperty(ctx, 'ID-ABSENT-404', result, (id) => id.toString());
        const untrusted = leftOut.filter((r) => r.includes(TRUST_HINT)).length;
        ctx.observe(
          result.replayed
            ? `the replayed case now answers 404`
            : `404 with an Error body and rate-limit headers for ${result.sent} absent ids (${edges.length} edge cases${untrusted > 0 ? `; ${untrusted} edges not sent, as the list cannot prove them absent: not fixtures, and the list is not trusted (--trust-order-list)` : ''})`,
          result.sent,
        );
      },
    }),
    check({
      id: 'ID-MALFORMED-4XX',
      spec: 'spec §4 cancelOrder rule 3; RFC 9110 §15.6; spec §7',
      level: 'MUST',
      rules: ['4.cancel.param', '7.error-object'],
      requirement:
        'A malformed orderId (letters, fractions, signs, hex, spaces, beyond int64, non-ASCII digits, stray percent-escapes, very long) is never answered 2xx (no order can have been cancelled) nor 5xx, and a body, if any, is an Error object (except where the escape is no percent-encoding at all, so the request is not valid HTTP and the HTTP stack may answer it: then only the status is judged).',
      basis: [SPEC.absent404, SPEC.errorObject],
      title: 'Property: DELETE /store/orders/{malformed id built around an absent id}, one per kind first',
      needs: { requests: 0, shared: MALFORMED_IDS },
      async run(ctx: Ctx) {
        const run = await malformedRun(ctx);
        if ('skip' in run) ctx.skip(run.skip);
        reportIdProperty(ctx, MALFORMED_OWNER, run.result, (c) => `${c.kind} ${short(malformedSegment(c))}`);
        ctx.observe(
          run.result.replayed
            ? 'the replayed case is now refused with a 4xx'
            : `${run.answers.length} malformed ids, each refused with a 4xx`,
          run.answers.length,
        );
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
      async run(ctx: Ctx) {
        const run = await malformedRun(ctx);
        if ('skip' in run) ctx.skip(run.skip);
        const tally = new Map<string, Set<string>>();
        for (const a of run.answers) {
          const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
          tally.set(key, (tally.get(key) ?? new Set()).add(a.kind));
        }
        for (const [key, kinds] of tally) ctx.note(`${key}: ${[...kinds].join(', ')}`);
        ctx.evidence(...run.answers.slice(0, 3).map((a) => a.exchange));
        ctx.observe(
          `${run.answers.length} malformed ids answered ${[...tally.keys()].join(' / ') || 'nothing (none sent)'}`,
          run.answers.length,
        );
      },
    }),
    check({
      id: 'ID-CANCEL-ISOLATION',
      spec: 'spec §4 cancelOrder; spec §3',
      level: 'MUST',
      rules: ['4.cancel.param', '3.shipped-cancel'],
      requirement:
        'Cancelling one order changes no other: afterwards a shipped order still answers 409 and another pending order is still cancellable (9007199254740993 and 9007199254740992 are told apart).',
      basis: [SPEC.shipped409, SPEC.pendingCancelled, SPEC.orderIdParam],
      title: 'Cancels a fixture, then re-asks a shipped order and cancels the next fixture',
      needs: { requests: 3, cancellable: 1, shared: shares('shipped cancel') },
      async run(ctx: Ctx) {
        await isolation(ctx);
      },
    }),
    check({
      id: 'ID-CANCEL-SPELLING',
      spec: 'spec §4 cancelOrder (path parameter orderId: integer, int64)',
      level: 'SHOULD',
      rules: ['4.cancel.param'],
      requirement:
        'A spelling of an existing id that is no decimal integer (0x7, 7e0, 7.0) or carries a plus sign (+7) cancels nothing: lenient id parsing lets a typo cancel a real order.',
      basis: [SPEC.orderIdParam, SPEC.absent404],
      title:
        'Sends DELETE /store/orders/{spellings of a pending fixture}: 0xN, Ne0, N.0, +N (then 00N for ID-CANCEL-LEADING-ZEROS-INFO), a fresh fixture after an acceptance',
      needs: { requests: 0, cancellable: 1, shared: SPELLINGS },
      async run(ctx: Ctx) {
        await lenientSpellings(ctx);
      },
    }),
    check({
      id: 'ID-CANCEL-LEADING-ZEROS-INFO',
      spec: 'spec §4 cancelOrder (path parameter orderId: integer, int64; no canonical form is defined)',
      level: 'INFO',
      rules: ['4.cancel.param'],
      requirement:
        'Whether leading zeros (007) name the same order is not specified: they are an ordinary decimal spelling of the integer, so either answer is recorded.',
      basis: [SPEC.orderIdParam],
      title: 'Reads the answer to DELETE /store/orders/00N, sent last of the ID-CANCEL-SPELLING spellings',
      needs: { requests: 0, shared: SPELLINGS },
      async run(ctx: Ctx) {
        await leadingZeros(ctx);
      },
    }),
  ],
});

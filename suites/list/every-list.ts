// The list requirements judged on every list body of the run, not only the first: each body was read whole
// as it arrived (suites/kit/list-bodies.ts); these checks only report. A finding names the first body that
// shows it and how many of the bodies judged do (each distinct schema error its own: schema-kinds.ts).
import type { CheckDefinition } from '../../lib/check/model.ts';
import { OUTCOME } from '../../lib/check/skip.ts';
import type { SchemaIssue } from '../../lib/formats/validation.ts';
import { ORDER_ITEM, SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES, type ListBody } from '../kit/list-bodies.ts';
import type { ListFindings } from '../kit/list-findings.ts';
import { itemiseSchemaErrors, where } from './schema-kinds.ts';

/** What one body shows for a check: a problem (with its schema issues), or nothing. */
type Pick = (f: ListFindings) => { problem: string; schema?: readonly SchemaIssue[] } | undefined;

/**
 * Judges every list body with `pick`: one finding for the first offending body, counting the others. The
 * bodies `judged` holds something to judge (an empty list holds no id) are the observation's count.
 */
function judgeEvery(
  ctx: Ctx,
  pick: Pick,
  ok: (bodies: readonly ListBody[]) => string,
  judged: (f: ListFindings) => boolean = () => true,
  more?: (bodies: readonly ListBody[]) => void,
): void {
  const lists = ctx.memo.peek(LIST_BODIES);
  const bodies = lists?.bodies ?? [];
  for (const x of lists?.unread ?? [])
    ctx.note(`list response #${x.seq} did not arrive whole, so its body is not judged (see HTTP-FRAMING)`);
  if (bodies.length === 0)
    ctx.skip(
      'no list body (a 2xx to GET /store/orders) arrived whole in this run: nothing to judge',
      OUTCOME,
    );
  const shared = bodies.filter((b) => b.sameAs).length;
  if (shared > 0)
    ctx.note(
      `${shared} of the ${bodies.length} list bodies carried the very bytes of an earlier one and share its reading`,
    );
  const bad = bodies.filter((b) => pick(b.findings));
  if (bad.length > 0) {
    const first = bad[0]!;
    const shown = pick(first.findings)!;
    const clean = bodies.length - bad.length;
    ctx.problem(
      `list body ${where(first)}: ${shown.problem}; ${bad.length} of the ${bodies.length} list bodies of the run ${bad.length === 1 ? 'shows' : 'show'} this${clean > 0 ? ` (${clean} do not, the first #${bodies.find((b) => !pick(b.findings))!.exchange.seq})` : ''}`,
      { exchange: first.exchange, ...(shown.schema ? { schema: [...shown.schema] } : {}) },
    );
    ctx.evidence(...bad.slice(1, 3).map((b) => b.exchange));
  }
  more?.(bodies);
  const counted = bodies.filter((b) => judged(b.findings)).length;
  ctx.observe(`${ok(bodies)} (${counted} of ${bodies.length} list bodies hold something to judge)`, counted);
}

/** The traffic that shows these checks, in a recording as in a run. */
const EVERY_LIST = 'a 2xx to GET /store/orders recorded with its whole body';

const firstFew = (xs: readonly string[], n: number) =>
  `${xs.join(', ')}${n > xs.length ? `, and ${n - xs.length} more` : ''}`;

export const everyListChecks: CheckDefinition<Ctx>[] = [
  check({
    id: 'EVERY-LIST-ITEMS-ORDER',
    spec: 'spec §4 listOrders (200); spec §2 Order',
    level: 'MUST',
    rules: ORDER_ITEM.rules,
    requirement:
      'Every list body of the run, not only the first (later lists, lists sent with other credentials or a query), is a JSON array of Order objects.',
    basis: ORDER_ITEM.basis,
    title: 'Reads every list body of the run as it arrived, against schemas/order.schema.json',
    needs: { requests: 0 },
    recorded: { shows: EVERY_LIST },
    async judge(ctx: Ctx) {
      judgeEvery(
        ctx,
        (f) => (f.notArray ? { problem: `the body is ${f.notArray}` } : undefined),
        () => 'every list body is a JSON array of Order objects',
        undefined,
        // Each distinct error with the first body that shows it: one in later bodies only is never hidden
        // behind the first body's.
        (bodies) => itemiseSchemaErrors(ctx, bodies),
      );
    },
  }),
  check({
    id: 'EVERY-LIST-IDS-UNIQUE',
    spec: 'spec §2 Order (id: unique order identifier)',
    level: 'MUST',
    rules: ['2.order.id'],
    requirement:
      'No two orders share an id in any list body of the run, not only the first (a list read after a cancel included); ids compared exactly.',
    basis: [SPEC.orderId],
    title: 'Compares the exact ids within every list body of the run',
    needs: { requests: 0 },
    recorded: { shows: EVERY_LIST },
    async judge(ctx: Ctx) {
      judgeEvery(
        ctx,
        (f) =>
          f.duplicateCount > 0
            ? { problem: `ids that more than one item carries: ${firstFew(f.duplicates, f.duplicateCount)}` }
            : undefined,
        (bodies) =>
          // Not Math.max(...): a recording's million list bodies overflow the call stack as arguments.
          `no id repeats within a list body (${bodies.reduce((most, b) => Math.max(most, b.findings.ids), 0)} ids at most)`,
        (f) => f.ids > 0,
      );
    },
  }),
  check({
    id: 'EVERY-LIST-IDS-INT64',
    spec: 'spec §2 Order (id: integer, int64)',
    level: 'MUST',
    rules: ['2.order.id'],
    requirement: 'Every order id in every list body of the run is a JSON integer within the int64 range.',
    basis: [SPEC.orderId],
    title: 'Bounds every id of every list body of the run to int64, read exactly',
    needs: { requests: 0 },
    recorded: { shows: EVERY_LIST },
    async judge(ctx: Ctx) {
      judgeEvery(
        ctx,
        (f) => (f.int64Count > 0 ? { problem: firstFew(f.int64, f.int64Count) } : undefined),
        () => 'every id present is an int64 integer',
        (f) => f.idsPresent > 0,
      );
    },
  }),
];

// The pending fixtures at an end of int64, sent once for every check that reads them: each saturating spelling
// (2^63, -2^63-1) against its edge, both edges held together when both are fixtures (a wrapping reader takes each
// spelling for the other edge), then a cancel of each edge fixture as itself, which spec §4 owes 204
// (CANCEL-PENDING-204 judges it; ID-CANCEL-MISREAD the spellings). Only fixtures from --cancellable-order-ids.
import { SkipSignal } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from './context.ts';
import { knownOrders } from './known-orders.ts';
import { orderPath } from './paths.ts';
import { edgeFixtures, type SaturationPlan, saturationPlan } from './saturation.ts';

/** What the edge sending sent and learnt. */
export interface EdgeSending {
  /** The saturating spellings sent, each against its edge fixture (`also`: the other edge held with it). */
  answers: Array<{ segment: string; id: string; also: string[]; response: Response }>;
  /** The saturating spellings not sent, each with the order it would name and why. */
  withheld: SaturationPlan['withheld'];
  /** The edge fixtures cancelled as themselves, each with its answer. */
  cancels: Array<{ id: string; response: Response }>;
  /** Edge fixtures a spelling answer left in doubt (none, 2xx, 5xx): not cancelled again, not given back. */
  doubt: string[];
  /** Set when the target answered 429 even after waiting: nothing more was sent. */
  limited?: string;
}

const EDGES = memoKey<Promise<EdgeSending | undefined>>('kit/edge-fixtures');

/** Who holds a fixture for the sending: the run's (TargetFacts) by default, the spelling run's pool from there. */
export interface EdgeHolder {
  take(id: string): boolean;
}

/** The edge sending (sent on first call, kept in the run's memo); undefined when no id list can be trusted. */
export function edgeSending(ctx: Ctx, holder?: EdgeHolder): Promise<EdgeSending | undefined> {
  return ctx.memo.once(EDGES, () => send(ctx, holder ?? { take: (id) => ctx.target.takeCancellableId(id) }));
}

/** Whether an answer leaves the state of what it named in doubt: none, a 2xx, or a 5xx. */
const leavesDoubt = (res: Response | undefined): boolean => !res || res.status < 400 || res.status >= 500;

async function send(ctx: Ctx, holder: EdgeHolder): Promise<EdgeSending | undefined> {
  const given = edgeFixtures(ctx.config.cancellableOrderIds);
  if (given.length === 0) return undefined;
  const known = await knownOrders(ctx);
  const out: EdgeSending = { answers: [], withheld: [], cancels: [], doubt: [] };
  // Every edge fixture no other check took: held for the spellings, then cancelled as itself.
  const held = given.filter((id) => holder.take(id));
  const request = async (segment: string): Promise<Response | undefined> => {
    try {
      const res = await ctx.http.send({ method: 'DELETE', path: orderPath(segment) });
      if (res.status === 429) out.limited = `DELETE /store/orders/${segment} answered 429 even after waiting`;
      return res;
    } catch (e) {
      if (!(e instanceof SkipSignal)) throw e;
      out.limited ??= e.skip.reason;
      return undefined;
    }
  };
  // The list unreadable: no spelling can be proven safe, but each fixture's own cancel still can go.
  const plan = known ? saturationPlan(known, ctx.config.cancellableOrderIds, held) : undefined;
  if (plan) out.withheld.push(...plan.withheld);
  for (const { segment, id, also } of plan?.send ?? []) {
    if (out.limited) break;
    if (!held.includes(id)) {
      out.withheld.push({ segment, order: id, why: `fixture ${id} was taken by another check before it` });
      continue;
    }
    const res = await request(segment);
    if (leavesDoubt(res))
      for (const named of [id, ...also]) if (!out.doubt.includes(named)) out.doubt.push(named);
    if (res) out.answers.push({ segment, id, also, response: res });
  }
  for (const id of held) {
    if (out.limited || out.doubt.includes(id)) continue;
    // The order itself: its own cancel owes 204 like any pending order's (a range check on the magnitude
    // refuses -2^63 as malformed). A canonical id: no spelling.
    const res = await request(id);
    if (res) out.cancels.push({ id, response: res });
  }
  return out;
}

// One cause for many refused-credential findings: an operation's route that answers its own refusal with the
// key too (the pets read not served, a catch-all 404 before authentication), told beside how the same kind of
// request fared on the other operations' routes. Text only: reads exchanges, decides no verdict.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { carriesKey } from './offered.ts';
import type { Route } from './routes.ts';
import { type ExchangeFacts, recorded, SAYS_NOTHING } from './traffic.ts';

/** The operation as a finding names its route. */
const ROUTE_NAME: Record<Route['op'], string> = {
  list: 'GET /store/orders',
  cancel: 'DELETE /store/orders/{orderId}',
  pets: 'GET /pets/{petId}',
};

/**
 * The request with the key, as written, to the route `x` asked for (the same id, the same method), answered
 * with `x`'s own refusal status: the route refuses the key too, so credentials play no part in that answer.
 * Never for a cancel: an absent id's 404 is owed with the key, and says nothing of the route.
 */
export function refusedWithKey(ctx: Ctx, x: Exchange, route: Route): Exchange | undefined {
  const s = x.response!.status;
  if (route.op === 'cancel' || s < 400 || s === 401 || SAYS_NOTHING(s)) return undefined;
  return recorded(ctx).find(
    (o) =>
      o.x !== x &&
      o.route?.op === route.op &&
      !o.route.spelled &&
      o.route.id === route.id &&
      o.x.request.method === x.request.method &&
      carriesKey(o.offered) === 'primary' &&
      o.x.response!.status === s,
  )?.x;
}

/**
 * What a finding adds when `x` (refused otherwise than 401) went to a route that answers the same with the
 * key: that route is not served, and how the requests of the same kind (`same`, picked by the same check
 * from the whole run) were answered on the other routes. Undefined when the run shows no such keyed answer.
 */
export function unservedCause(
  ctx: Ctx,
  x: Exchange,
  route: Route,
  same: ReadonlyArray<ExchangeFacts & { x: Exchange }>,
): string | undefined {
  const keyed = refusedWithKey(ctx, x, route);
  if (!keyed) return undefined;
  const s = x.response!.status;
  const elsewhere = same.filter((r) => r.route !== undefined && r.route.op !== route.op);
  const ok = elsewhere.filter((r) => r.x.response!.status === 401).length;
  const ops = new Set(elsewhere.map((r) => r.route!.op));
  const others =
    ops.size === 2 && !ops.has('pets')
      ? 'the orders routes'
      : [...ops].map((op) => ROUTE_NAME[op]).join(' and ');
  const there =
    elsewhere.length === 0
      ? 'no request of this kind went to another route to compare'
      : ok === elsewhere.length
        ? `on ${others} the same kind of request was answered 401 (${ok} of ${elsewhere.length}): one cause, this route`
        : `on ${others} ${elsewhere.length - ok} of ${elsewhere.length} such requests were not answered 401 either`;
  return `${ROUTE_NAME[route.op]} answered ${s} with the key too (#${keyed.seq}): not served there, its ${s} given before authentication runs; ${there}`;
}

/**
 * Has the run send the keyed read of a route that refused a credential otherwise than 401 (the shared pets
 * read, once a run; a recording's own), so unservedCause can tell. A failure to get it is no finding here.
 */
export async function readWithKey(ctx: Ctx, routes: ReadonlyArray<Route | undefined>): Promise<void> {
  if (routes.some((r) => r?.op === 'pets')) await ctx.target.pet().catch(() => undefined);
}

/**
 * Whether `x`'s answer shows it let in: a 2xx, or the operation's own answer with the key (an absent id's
 * 404) on a route that refuses a request without credentials with 401 (so that answer came after auth).
 */
export function letInAt(ctx: Ctx, x: Exchange, route: Route): boolean {
  const s = x.response!.status;
  if (s >= 200 && s <= 299) return true;
  if (s === 401 || SAYS_NOTHING(s)) return false;
  const all = recorded(ctx);
  const sameRoute = (o: ExchangeFacts) => o.route?.op === route.op && !o.route.spelled;
  const keyed = all.some(
    (o) =>
      o.x !== x &&
      sameRoute(o) &&
      o.x.request.method === x.request.method &&
      carriesKey(o.offered) === 'primary' &&
      o.x.response!.status === s,
  );
  const guarded = all.some(
    (o) =>
      sameRoute(o) &&
      o.x.request.method === x.request.method &&
      o.offered.form.kind === 'none' &&
      o.offered.query.length + o.offered.headers.length + o.offered.cookies.length === 0 &&
      o.x.response!.status === 401,
  );
  return keyed && guarded;
}

// The destructive orderId checks: cancelling one fixture leaves the others as they were, non-canonical
// spellings of a fixture cancel nothing, and what leading zeros do is recorded. Only fixtures from --cancellable-order-ids are ever sent as spellings
// or cancelled; shipped orders are only re-asked.
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv, settingOf } from '../../lib/config/settings.ts';
import type { Response } from '../../lib/http/client.ts';
import type { Ctx } from '../shared/context.ts';
import { expectedStatus } from '../shared/expect.ts';
import { orderPath } from '../shared/paths.ts';
import { describeStatus } from '../shared/responses.ts';
import { isolationPair } from './fixtures.ts';
import { accepted, spellingRun } from './spelling.ts';

const is2xx = (r: Response): boolean => r.status >= 200 && r.status < 300;

const del = (ctx: Ctx, segment: string): Promise<Response> =>
  ctx.http.send({ method: 'DELETE', path: orderPath(segment) });

export async function isolation(ctx: Ctx): Promise<void> {
  const pair = isolationPair(ctx.target.cancellableIds);
  const shipped = ctx.target.shippedIds[0];
  if (!pair || (pair.second === undefined && shipped === undefined))
    ctx.skip(
      `needs a second pending fixture or a shipped one to watch: list more in ${flagAndEnv('cancellableOrderIds')} or set ${settingOf('shippedOrderIds').flag}`,
      input('cancellableOrderIds'),
    );
  const { first, second } = pair;
  ctx.target.takeCancellableId(first);
  if (second !== undefined) ctx.target.takeCancellableId(second);
  const twins = second !== undefined && Number(first) === Number(second);
  ctx.note(
    `cancels ${first}, then watches ${[second, shipped].filter((x) => x !== undefined).join(' and ')}${twins ? ' (the same JS number)' : ''}`,
  );

  const before = shipped !== undefined ? await ctx.target.cancelShipped(shipped) : undefined;
  if (before) ctx.evidence(before.exchange);
  const cancel = await del(ctx, first);
  if (!is2xx(cancel))
    ctx.skip(
      `cancelling fixture ${first} answered ${describeStatus(cancel)}, so nothing was cancelled to watch (see CANCEL-PENDING-204; check ${settingOf('cancellableOrderIds').flag})`,
      input('cancellableOrderIds'),
    );

  const held: string[] = [];
  if (shipped !== undefined && before?.status === 409) {
    const again = await del(ctx, shipped);
    if (again.status !== 409)
      ctx.problem(
        `cancel changed another order: after cancelling ${first}, shipped order ${shipped} answered ${describeStatus(again)} instead of 409 as before`,
        expectedStatus(again, 409),
      );
    held.push(`shipped ${shipped} still 409`);
  } else if (before) {
    ctx.note(`shipped order ${shipped} answered ${before.status} before, not 409; not watched`);
  }
  if (second !== undefined) {
    const next = await del(ctx, second);
    if (!is2xx(next))
      ctx.problem(
        `${twins ? 'precision collision' : 'cancel changed another order'}: after cancelling ${first}, pending fixture ${second} answered ${describeStatus(next)} instead of 204${twins ? `; ${first} and ${second} are the same JS number, so the cancel of ${first} reached ${second}` : ''}`,
        expectedStatus(next, 204),
      );
    held.push(`pending ${second} still cancellable`);
  }
  if (held.length === 0)
    ctx.skip(
      `no other order could be watched after cancelling ${first}: list a second pending fixture in ${flagAndEnv('cancellableOrderIds')}`,
      input('cancellableOrderIds'),
    );
  ctx.observe(`after cancelling ${first}: ${held.join(', ')}`, held.length);
}

/** ID-CANCEL-SPELLING: no spelling that is no decimal integer literal (hex, exponent, fraction, sign) cancels. */
export async function lenientSpellings(ctx: Ctx): Promise<void> {
  const run = await spellingRun(ctx);
  if ('skip' in run) ctx.skip(run.skip);
  const judged = run.answers.filter((a) => a.kind !== 'leading-zeros');
  for (const { segment, id, response } of judged) {
    if (accepted(response))
      ctx.problem(
        `lenient spelling accepted: DELETE /store/orders/${segment} answered ${describeStatus(response)}, cancelling order ${id} through a spelling of its id that is no decimal integer`,
        expectedStatus(response, '4xx (not the canonical id)'),
      );
    else if (response.status >= 500)
      ctx.note(`${segment} answered ${response.status} (see ID-MALFORMED-4XX)`);
  }
  const seen = judged.map((a) => `${a.segment} → ${a.response.status}`).join(', ');
  const unjudged = run.unjudged.filter((k) => k !== 'leading-zeros');
  if (unjudged.length > 0)
    ctx.note(
      `not judged: ${unjudged.join(', ')} (an earlier spelling cancelled its fixture and no other fixture was safe to spell: list more in --cancellable-order-ids)`,
    );
  if (run.unsafe.length > 0)
    ctx.note(
      `not sent: ${run.unsafe.join(', ')} (a lenient reading names an id near the known orders, where an order the list does not show may be; --trust-order-list allows them)`,
    );
  ctx.note(`spellings sent: ${seen}`);
  ctx.observe(`no spelling cancelled an order (${seen})`, judged.length);
}

/**
 * ID-CANCEL-LEADING-ZEROS-INFO: what `007` did. Leading zeros are an ordinary decimal spelling of the same
 * integer (Java's Long.parseLong, Python's int() accept them) and the spec defines no canonical form.
 */
export async function leadingZeros(ctx: Ctx): Promise<void> {
  const run = await spellingRun(ctx);
  if ('skip' in run) ctx.skip(run.skip);
  const answer = run.answers.find((a) => a.kind === 'leading-zeros');
  if (!answer)
    ctx.skip(
      `not judged: an earlier spelling cancelled its fixture and no other fixture was safe to spell (see ID-CANCEL-SPELLING; list more in ${settingOf('cancellableOrderIds').flag})`,
      input('cancellableOrderIds'),
    );
  const { segment, id, response } = answer;
  ctx.evidence(response.exchange);
  ctx.observe(
    accepted(response)
      ? `leading zeros name the same order: DELETE /store/orders/${segment} answered ${describeStatus(response)} and cancelled order ${id}`
      : `leading zeros are refused: DELETE /store/orders/${segment} answered ${describeStatus(response)}`,
    1,
  );
}

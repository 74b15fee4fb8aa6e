// Sends the operations with credentials that must be refused (spec §5 rule 4); the judges of
// kit/refused-keys.ts require the 401s. It never sends a cancel of anything but an id the list proves absent.

import type { Auth, Response } from '../../lib/http/client.ts';
import type { Ctx } from '../kit/context.ts';
import { ORDERS } from '../kit/paths.ts';
import type { Operation } from '../kit/target-facts.ts';
import { unreachedOf } from './unreached.ts';

export const OPERATIONS: readonly Operation[] = ['list', 'cancel', 'pets'];

/** Sends one operation with the given credentials; the cancel targets an id proven absent. */
export async function sendAs(ctx: Ctx, op: Operation, auth: Auth): Promise<Response | undefined> {
  const path = await ctx.target.pathFor(op);
  if (path === undefined) {
    ctx.note(`${op} not exercised: no id can be proven absent (the order list could not be read)`);
    return undefined;
  }
  return ctx.http.send({ method: op === 'cancel' ? 'DELETE' : 'GET', path, auth });
}

/**
 * HEAD of the list with the given credentials: the list operation without its content (RFC 9110 §9.3.2), owed
 * the same 401 as its GET (a method refusal, 405 or 501, is the request surface's to record, not judged here).
 */
export async function sendHead(ctx: Ctx, auth: Auth): Promise<void> {
  await unreachedOf(ctx).attempt('HEAD of the list', () =>
    // On a socket of its own: undici closes a connection after a HEAD, which would move the requests after it
    // (the altered keys) off the connection that carried the key; and any content after its head shows.
    ctx.http.send({ method: 'HEAD', path: ORDERS, auth, readsHeadContent: true }),
  );
}

/**
 * Sends each operation once (`send` gives the response for one): the sending of a check whose judge requires
 * 401 (kit/refused-keys.ts). An operation whose exchange failed at the HTTP level is noted for that judge.
 */
export async function sendEach(
  ctx: Ctx,
  send: (op: Operation) => Promise<Response | undefined>,
): Promise<void> {
  const unreached = unreachedOf(ctx);
  for (const op of OPERATIONS) await unreached.attempt(op, () => send(op));
}

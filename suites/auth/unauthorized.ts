// Sends one operation with credentials that must be refused, and requires 401 from it (spec §5 rule 4).
// Shared by the auth suites; it never sends a cancel of anything but an id the list proves absent.

import { OUTCOME } from '../../lib/check/skip.ts';
import type { Auth, Response } from '../../lib/http/client.ts';
import type { Ctx } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import type { Operation } from '../kit/target-facts.ts';
import { Unreached } from './unreached.ts';

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

/** Requires 401 from each operation; `send` gives the response for one operation. */
export async function expect401(
  ctx: Ctx,
  what: string,
  send: (op: Operation) => Promise<Response | undefined>,
): Promise<void> {
  const seen: string[] = [];
  const unreached = new Unreached();
  let findings = 0;
  for (const op of OPERATIONS) {
    const res = await unreached.attempt(op, () => send(op));
    if (!res) continue;
    seen.push(`${op} ${res.status}`);
    if (res.status !== 401) {
      findings++;
      expectStatus(ctx, res, `${op} with ${what}`).toBe(401);
    }
  }
  unreached.settle(ctx, findings);
  if (seen.length === 0) ctx.skip('no operation could be exercised safely', OUTCOME);
  ctx.observe(`401 from ${seen.map((s) => s.split(' ')[0]).join(', ')}`, seen.length);
}

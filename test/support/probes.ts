// What the fault and variant proofs send to the reference server besides one call: a cancel, a run of list
// requests, a burst, and what the server says it cancelled. Test support: sends and reads, never asserts.
import type { RunningReference } from '../../reference/server.ts';
import { type Answer, burstStatuses, call, fakeClock } from './reference-calls.ts';

export const del = { method: 'DELETE' };

/** When every proof's fake clock starts (mid-second, so rounding up to whole seconds shows). */
export const START = fakeClock().now;

/** A window of two requests a minute, so a proof reaches the 429 on its third request. */
export const TWO_PER_MINUTE = { rateLimit: { limit: 2, windowSeconds: 60 } };

/** The ids of the orders the server holds as cancelled, in store order. */
export const cancelled = (s: RunningReference): string[] =>
  s
    .orders()
    .filter((o) => o.status === 'cancelled')
    .map((o) => o.id);

/** `n` authenticated list requests, one after the other. */
export async function calls(server: RunningReference, n: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i += 1) answers.push(await call(server, '/store/orders'));
  return answers;
}

/** How many of `n` list requests sent at once were served (200). */
export async function burst(server: RunningReference, n: number): Promise<number> {
  return (await burstStatuses(server, n)).filter((s) => s === 200).length;
}

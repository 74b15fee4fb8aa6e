// A request the target closed with no answer, sent once more on a connection of its own: a keep-alive connection
// the server closed as it was reused loses a request through no one's fault, a target that drops the request
// again while it answers others does it (lib/check/dropped.ts judges). The second answer is evidence only.
import { CLOSED_UNANSWERED, UnreadResponseError } from './response.ts';
import type { SendOptions } from './send.ts';

/** Methods a client may send again on its own when their answer was lost (RFC 9110 §9.2.2: idempotent). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A path whose last segment is an id in plain digits: a cancel of an order a fixture may name, never sent twice
 * (a DELETE whose answer was lost may have cancelled it: the fixture ledger keeps it as maybe done, and the
 * guide forbids retrying a cancel). Spellings that are no plain id (`1002.5`) are sent again: the second can
 * do no more than the first did.
 */
const PLAIN_ID = /\/[+-]?\d+$/;

/**
 * After `error`, sends `opts` once more on a fresh connection when the target closed the connection with no
 * answer, the method is idempotent and the budget has room (`budgetLeft`); `once` paces, charges and records
 * it. Whatever the second gets, the caller still throws `error`: the first may have taken effect (a DELETE),
 * so the second's answer is not the first's, and is read only as a recording (whether the drop repeats).
 */
export async function sendAgainIfDropped(
  error: unknown,
  opts: SendOptions,
  budgetLeft: number,
  once: (opts: SendOptions) => Promise<unknown>,
): Promise<void> {
  if (!(error instanceof UnreadResponseError) || !CLOSED_UNANSWERED.test(error.wire ?? '')) return;
  if (!IDEMPOTENT.has(opts.method) || budgetLeft < 1) return;
  if (opts.method !== 'GET' && opts.method !== 'HEAD' && PLAIN_ID.test(opts.path.split('?')[0]!)) return;
  try {
    await once({ ...opts, freshConnection: true });
  } catch {
    // Recorded, as every exchange is: a second drop, a wait refused or the budget spent all end here.
  }
}

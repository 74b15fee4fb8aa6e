// A request the target closed with no answer, sent once more on a connection of its own: a keep-alive connection
// the server closed as it was reused loses a request through no one's fault, a target that drops the request
// again while it answers others does it (lib/check/dropped.ts judges). The second answer is evidence only.
import { CLOSED_UNANSWERED, UnreadResponseError } from './response.ts';
import type { SendOptions } from './send.ts';

/** Methods a client may send again on its own when their answer was lost (RFC 9110 §9.2.2: idempotent). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

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
  try {
    await once({ ...opts, freshConnection: true });
  } catch {
    // Recorded, as every exchange is: a second drop, a wait refused or the budget spent all end here.
  }
}

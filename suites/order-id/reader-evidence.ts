// What the spelling run's own answers show of how the server reads an id: a reader it does not use, whose
// readings of a later spelling are then not weighed in choosing it (fixtures.ts, shipped-spelling.ts), so that
// 0x384, 0o1604 or 9_00 may spell a fixture though atoi reads them as 0 or 9. Reads answers only; never sends.
import type { Response } from '../../lib/http/client.ts';
import { base16Of, type Reader } from '../kit/id-readings.ts';
import type { KnownOrders } from '../kit/known-orders.ts';
import type { SpellingAnswer } from './spelling-types.ts';

/** A refusal of the id as unreadable or unknown: not the key's, the limiter's, a timeout's, a shipped order's. */
const refusedAsId = (status: number): boolean =>
  status >= 400 && status < 500 && ![401, 403, 407, 408, 409, 429].includes(status);

/**
 * The evidence, when `a` spelled a pending fixture's decimal id with text after it (1004-, 1004abc) and the
 * server refused it with a 4xx: a reader that stops at the first character that is no digit and ignores the
 * rest (atoi, parseInt, parseFloat, strtol unchecked) reads that as the fixture and cancels it, so the server
 * uses none. Undefined otherwise.
 */
export function prefixRefused(a: SpellingAnswer): string | undefined {
  if (a.kind !== 'trailing-text' || !a.fixture || a.fixture.shipped) return undefined;
  if (!refusedAsId(a.response.status)) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(a.segment);
  } catch {
    return undefined;
  }
  const rest = text.startsWith(a.fixture.id) ? text.slice(a.fixture.id.length) : '';
  if (rest.trim() === '' || /^[0-9]/.test(rest)) return undefined;
  return `#${a.response.exchange.seq} DELETE /store/orders/${a.segment} → ${a.response.status}`;
}

/**
 * The evidence, when the keyed DELETE of shipped fixture `id` as written was answered 409 and a base-16 reader
 * (strtol base 16) would have read it as an id no known order has (900 as 0x900): that reader would have
 * answered 404, so the server uses none. Undefined otherwise.
 */
export function base16Refuted(known: KnownOrders, id: string, response: Response): string | undefined {
  if (response.status !== 409) return undefined;
  const other = base16Of(BigInt(id));
  if (other === BigInt(id) || known.named(other).length > 0) return undefined;
  return `#${response.exchange.seq} DELETE /store/orders/${id} → 409 (read as ${other}, it names no order)`;
}

/** What each reader set aside means, for the note that names the evidence. */
export const SET_ASIDE: Record<Exclude<Reader, 'other'>, string> = {
  prefix: 'no reader that ignores what follows the leading digits (atoi, parseInt, parseFloat) reads its ids',
  base16: 'no base-16 reader reads its ids',
};

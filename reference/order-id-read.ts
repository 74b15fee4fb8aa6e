// How cancelOrder reads the orderId path segment (spec §4: integer, int64): the faithful reader and the
// lenient parsers the orderid- faults put in its place. Answers the refusal of an id it cannot read.
import type { RouteContext } from './context.ts';
import { INT64_MIN, parseCanonicalInt64 } from './int64.ts';
import {
  arabicIndicDigits,
  atoiId,
  floatId,
  goBase0Id,
  hexPrefixedId,
  newlineEndedId,
  numberIdMatch,
  octalZeroId,
  saturatedId,
  truncatedId,
  unicodeDigits,
  wrappedId,
} from './lenient-ids.ts';
import { parsePathId } from './path-id.ts';
import { errorReply, type Reply } from './reply.ts';
import { beyondInt64 } from './surface-faults.ts';

/**
 * Faults orderid-unicode-digits, orderid-trims-whitespace, orderid-wraps-uint64, orderid-saturates-int64,
 * orderid-hex-prefix, orderid-nfkc-digits, orderid-float-accepted, orderid-trailing-newline,
 * orderid-arabic-indic-digits, orderid-leading-zero-octal, orderid-go-base0 and orderid-truncates-int32: the id such a parser
 * reads from the segment (decoded once), or undefined where it refuses it too (the faithful reader then answers).
 */
function bentId(ctx: RouteContext, rawId: string): bigint | undefined {
  const id = readId(ctx, rawId);
  // Fault orderid-truncates-int32: whatever the reader took, or the strict one, is kept in a 32-bit int.
  if (!ctx.faults.has('orderid-truncates-int32')) return id;
  if (id !== undefined) return truncatedId(id);
  const strict = parsePathId(rawId, 'orderId', {
    leadingZeros: ctx.variants.has('leading-zeros-same-id'),
    plusSign: ctx.variants.has('plus-sign-same-id'),
  });
  return strict.ok ? truncatedId(strict.id) : undefined;
}

/** What the lenient parsers of bentId read, before any 32-bit cast. */
function readId(ctx: RouteContext, rawId: string): bigint | undefined {
  const { faults } = ctx;
  const unicode = faults.has('orderid-unicode-digits');
  const trims = faults.has('orderid-trims-whitespace');
  const wraps = faults.has('orderid-wraps-uint64');
  const saturates = faults.has('orderid-saturates-int64');
  const hex = faults.has('orderid-hex-prefix');
  const nfkc = faults.has('orderid-nfkc-digits');
  const float = faults.has('orderid-float-accepted');
  const newline = faults.has('orderid-trailing-newline');
  const arabic = faults.has('orderid-arabic-indic-digits');
  const octal = faults.has('orderid-leading-zero-octal');
  const go = faults.has('orderid-go-base0');
  const suffix = faults.has('orderid-format-suffix');
  if (
    !unicode &&
    !trims &&
    !wraps &&
    !saturates &&
    !hex &&
    !nfkc &&
    !float &&
    !newline &&
    !arabic &&
    !octal &&
    !go &&
    !suffix
  )
    return undefined;
  let text: string;
  try {
    text = decodeURIComponent(rawId);
  } catch {
    return undefined;
  }
  // Fault orderid-format-suffix: an optional `(.:format)` after the id (any text but a dot or a slash), read
  // as the response's format: 7.json, and 7.0 too (format "0").
  if (suffix) text = /^(-?[0-9]+)\.[^./]+$/.exec(text)?.[1] ?? text;
  if (trims) text = text.trim();
  if (newline) {
    const id = newlineEndedId(text);
    if (id !== undefined) return id;
  }
  if (unicode) text = unicodeDigits(text);
  if (arabic) text = arabicIndicDigits(text);
  if (nfkc) text = text.normalize('NFKC');
  if (hex) return hexPrefixedId(text) ?? parseCanonicalInt64(text);
  if (go) return goBase0Id(text);
  // What strtoll refuses goes on to the other readers (a float validator before it, Ruby's Integer() beside it).
  if (octal) {
    const id = octalZeroId(text);
    if (id !== undefined) return id;
  }
  // A canonical id is read exactly (the validator passes it on as text); only another spelling goes through
  // Number(), and what it refuses goes on to the other readers.
  const asFloat = float && parseCanonicalInt64(text) === undefined ? floatId(text) : undefined;
  if (asFloat !== undefined) return asFloat;
  if (saturates) return saturatedId(text);
  return wraps ? wrappedId(text) : parseCanonicalInt64(text);
}

/** Whether a path segment percent-decodes to UTF-8 text. */
function decodes(rawId: string): boolean {
  try {
    decodeURIComponent(rawId);
    return true;
  } catch {
    return false;
  }
}

export type IdRead = { ok: true; id: bigint } | { ok: false; reply: Reply };

export function readOrderId(ctx: RouteContext, rawId: string): IdRead {
  const { faults } = ctx;
  const invalid = (reason: string): IdRead => ({
    ok: false,
    reply: errorReply(faults, 400, 'INVALID_ORDER_ID', reason),
  });
  // Fault orderid-percent-ff-500: the framework decodes the segment first, and a byte that is no UTF-8 (%FF)
  // throws a URIError nothing catches.
  if (faults.has('orderid-percent-ff-500') && !decodes(rawId))
    return {
      ok: false,
      reply: { status: 500, body: { type: 'text/plain; charset=utf-8', text: 'URIError: URI malformed\n' } },
    };
  // Fault http-beyond-int64-500: the unchecked conversion throws before any reader looks up an order (the
  // framework's HTML page replaces this answer, surface-faults.ts).
  if (faults.has('http-beyond-int64-500') && beyondInt64(rawId))
    return { ok: false, reply: { status: 500, body: { type: 'text/plain', text: 'overflow\n' } } };
  // Crashes on purpose when the id is malformed: BigInt() throws and nothing catches it.
  if (faults.has('orderid-malformed-500')) return { ok: true, id: BigInt(decodeURIComponent(rawId)) };
  // Fault orderid-number-match reads as int64-number-ids does; only the list stays exact (order-json.ts).
  const byNumber = faults.has('int64-number-ids') || faults.has('orderid-number-match');
  if (faults.has('orderid-lenient-parse') || byNumber) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawId);
    } catch {
      return invalid('orderId has an invalid percent-encoding');
    }
    if (faults.has('orderid-lenient-parse')) return { ok: true, id: atoiId(decoded) };
    const match = numberIdMatch(decoded, ctx.store.list());
    if (match.kind === 'invalid') return invalid('orderId must be an integer');
    // No order matched: the number read goes on to the lookup like any id, so the not-found path (and a
    // fault bending it, cancel-unknown-204) answers; no order has it, or the match would have found it.
    return { ok: true, id: match.kind === 'match' ? match.id : match.read };
  }
  const bent = bentId(ctx, rawId);
  if (bent !== undefined) return { ok: true, id: bent };
  const parsed = parsePathId(rawId, 'orderId', {
    leadingZeros: ctx.variants.has('leading-zeros-same-id'),
    plusSign: ctx.variants.has('plus-sign-same-id'),
  });
  // Fault orderid-int64-min-refused: the range check compares the magnitude with 2^63-1, refusing -2^63.
  if (parsed.ok && parsed.id === INT64_MIN && faults.has('orderid-int64-min-refused'))
    return invalid('orderId must be an integer from -9223372036854775807 to 9223372036854775807');
  if (parsed.ok) return parsed;
  // Variant malformed-id-404: an id that is no int64 names no order; the spec lists only 404 here.
  if (ctx.variants.has('malformed-id-404'))
    return { ok: false, reply: errorReply(faults, 404, 'ORDER_NOT_FOUND', `No order has id ${rawId}.`) };
  return invalid(parsed.reason);
}

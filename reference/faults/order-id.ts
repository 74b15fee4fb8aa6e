// The named faults of reading the orderId: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const ORDER_ID_FAULTS = faultsOf('order-id', [
  fault(
    'int64-number-ids',
    'order-id',
    'spec §2 Order (id is int64); spec §4 cancelOrder (orderId is int64)',
    'Ids are JS numbers: the list prints 9007199254740992 twice and 2^63-1 rounded; DELETE parses with Number() and acts on the first order whose id rounds to it.',
  ),
  fault(
    'orderid-number-match',
    'order-id',
    'spec §4 cancelOrder (orderId is int64; rule 3: no order with that id is answered 404)',
    "DELETE compares ids as JS numbers (`orders.find((o) => Number(o.id) === Number(orderId))`, an h3 app's), though the list prints them exactly: a cancel of 9007199254740993 acts on 9007199254740992, listed before it; where cancelled orders leave the store, the cancel of 9007199254740992 then takes 9007199254740993, and both answer 204.",
  ),
  fault(
    'orderid-malformed-500',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64); RFC 9110 §15.5.1',
    'No orderId syntax check: BigInt() throws on a malformed id and the request crashes into a text/plain 500.',
  ),
  fault(
    'orderid-percent-ff-500',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64); RFC 9110 §15.5.1',
    'The framework percent-decodes the orderId before any check: a byte that is no UTF-8 (4404%FF) throws a URIError that crashes into a text/plain 500.',
  ),
  fault(
    'orderid-percent-ff-crash',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64; a malformed one is answered 400)',
    "The framework percent-decodes the orderId outside any error handler (a Node polka app's decodeURIComponent): a byte that is no UTF-8 (4404%FF) throws a URIError that ends the process. The request gets no answer, and every later connection is refused.",
  ),
  fault(
    'unanswered-dotted-path',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64; a malformed one is answered 400)',
    "A DELETE, POST, PUT or PATCH whose path holds a '.' is taken for a static file's, which only GET may fetch, and its socket destroyed with no answer (Total.js's default): a cancel of 1002.0 gets none, each time, while every other request is answered.",
  ),
  fault(
    'orderid-lenient-parse',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    'orderId is read atoi-style (whitespace, sign, leading digits, rest ignored): 007, +7, 7.0, 7e0, 7abc act on order 7.',
  ),
  fault(
    'orderid-unicode-digits',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    "orderId digits are read by a Unicode-aware parser, as Java's Long.parseLong and Python's int() read them: \u0667 or \uff17 (percent-encoded) name order 7.",
  ),
  fault(
    'orderid-trims-whitespace',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    "orderId is trimmed before it is parsed (as Python's int() or a framework's trim does): %207, 7%0A or a no-break space before 7 name order 7.",
  ),
  fault(
    'orderid-trailing-newline',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    "orderId is matched by a `^-?[0-9]+$` route regex whose `$` also matches before a final newline (Python's re, Starlette's path converters), then read by int(): 7%0A names order 7; a space or a tab does not.",
  ),
  fault(
    'orderid-format-suffix',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    'The route takes an optional format suffix after the id (Rails\' `(.:format)`): 7.json, 7.xml and 7.0 (format "0") name order 7.',
  ),
  fault(
    'orderid-arabic-indic-digits',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    'Arabic-Indic digits (U+0660 to U+0669) are mapped to ASCII before the strict parse, as an app localised for Arabic does: \u0667 (percent-encoded) names order 7; other scripts and fullwidth digits do not.',
  ),
  fault(
    'orderid-wraps-uint64',
    'order-id',
    'spec §4 cancelOrder rule 3 (no order has an id beyond int64)',
    'orderId digits are accumulated in an unsigned 64-bit integer with no overflow check, then cast to int64: 18446744073709551623 (2^64 + 7) names order 7.',
  ),
  fault(
    'orderid-saturates-int64',
    'order-id',
    'spec §4 cancelOrder rule 3 (no order has an id beyond int64)',
    "orderId digits are read by a parser that saturates on overflow (strtoll with ERANGE unchecked, PHP's (int)): 9223372036854775808 (2^63) names order 9223372036854775807, -9223372036854775809 names -2^63.",
  ),
  fault(
    'orderid-int64-min-refused',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64; a pending order is cancelled with 204)',
    'The orderId range check is on the magnitude (|id| <= 2^63-1, as a parser that reads the digits and then the sign does): -9223372036854775808, a valid int64, is refused with 400 as malformed, so a pending order there can never be cancelled.',
  ),
  fault(
    'orderid-hex-prefix',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64)',
    'An orderId written 0x... is read as hexadecimal (strtoll with base 0, which takes 0x and no 0o or 0b), so DELETE /store/orders/0x2A cancels order 42.',
  ),
  fault(
    'orderid-nfkc-digits',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64)',
    'The path is NFKC-normalised before the strict parse, so fullwidth and mathematical digits (７, 𝟕) read as ASCII ones; Arabic-Indic and other scripts do not.',
  ),
  fault(
    'orderid-float-accepted',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64)',
    "orderId is validated as a number that is an integer (hapi's Joi.number().integer()): 7.0, 7e0, 0.7e1 and +7 are all taken for order 7.",
  ),
  fault(
    'orderid-leading-zero-octal',
    'order-id',
    'spec §4 cancelOrder rule 3 (orderId: integer, int64)',
    'orderId is matched by a `^\\+?[0-9]+$` route, then read by strtoll(s, NULL, 0): a leading 0 means octal and a plus sign is taken, so DELETE /store/orders/015 cancels order 13 and /012 order 10; +13 cancels 13.',
  ),
  fault(
    'orderid-truncates-int32',
    'order-id',
    'spec §4 cancelOrder rule 3 (an id no order has is answered 404)',
    "orderId is checked as an ASCII decimal int64, then kept in a 32-bit int (C's `(int)strtoll`): 8589934599 (2^33 + 7), an id no order has, names order 7.",
  ),
  fault(
    'orderid-go-base0',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64)',
    "orderId is read by Go's strconv.ParseInt(s, 0, 64), as a gin handler does: 0x, 0o and 0b prefixes, a leading 0 read as octal and underscores between digits are taken, so 0x3 and 0b11 cancel order 3, 1_004 order 1004; text after the digits (3-, 3abc) is refused.",
  ),
]);

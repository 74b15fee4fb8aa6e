// The named faults of how HTTP carries the answers: a realistic deviation each, with where it acts and the rule
// it breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const HTTP_FAULTS = faultsOf('http', [
  fault(
    'http-no-date',
    'any response',
    'RFC 9110 §6.6.1',
    'No Date header field on any response (a server whose framework writes none, as Rack servers without Rack::Date).',
  ),
  fault(
    'http-date-iso',
    'any response',
    'RFC 9110 §5.6.7',
    'Date is written as an ISO 8601 timestamp (toISOString) instead of an IMF-fixdate.',
  ),
  fault(
    'http-date-frozen',
    'any response',
    'RFC 9110 §6.6.1',
    'Date is formatted once, when the server starts, and sent unchanged on every response after it (a header value cached at start-up).',
  ),
  fault(
    'http-date-local-time',
    'any response',
    'RFC 9110 §6.6.1',
    "Date is the server's local wall clock (an hour east of UTC) labelled GMT: an hour ahead, while X-RateLimit-Reset is counted in true Unix seconds (a strftime on localtime() where gmtime() was meant).",
  ),
  fault(
    'http-content-type-comma',
    'any response',
    'RFC 9110 §8.3',
    'JSON responses say Content-Type: application/json, charset=utf-8 (a comma where the parameter needs a semicolon).',
  ),
  fault(
    'json-bom',
    'any response',
    'RFC 8259 §8.1 (implementations must not add a byte order mark to the beginning of JSON text)',
    'Every JSON body starts with a UTF-8 byte order mark (EF BB BF): an included PHP file saved as "UTF-8 with BOM" writes it before any output.',
  ),
  fault(
    'http-head-404',
    'list',
    'RFC 9110 §9.3.2',
    'The routes are registered for GET only: a HEAD of the list (or of a pet) falls through to the catch-all 404 with an Error body, though GET of the same URL answers 200.',
  ),
  fault(
    'http-304-stale-etag',
    'list',
    'RFC 9110 §13.1.2, §15.4.5',
    'The list carries an ETag that changes with the store, but the cache in front of it answers 304 to the first ETag it stored, even after a cancel changed the list.',
  ),
  fault(
    'http-last-modified-frozen',
    'list',
    'RFC 9110 §13.1.3, §15.4.5',
    'The list carries a Last-Modified taken at its first list and never moved, and If-Modified-Since no earlier than it is answered 304, even after a cancel changed the list.',
  ),
  fault(
    'http-etag-constant',
    'list',
    'RFC 9110 §8.8.3, §8.8.1, §13.1.2',
    'The list carries one strong ETag computed at its first list and never again, and If-None-Match with it is answered 304 even after a cancel changed the list.',
  ),
  fault(
    'http-options-405-no-allow',
    'any response',
    'RFC 9110 §10.2.1',
    'OPTIONS is refused with 405 and no Allow (a framework whose OPTIONS handler is a bare 405), on every route.',
  ),
  fault(
    'http-beyond-int64-500',
    'order-id',
    'spec §4 cancelOrder rule 3',
    'A cancel of a decimal id beyond int64 fails with an HTML 500: the id is converted to int64 unchecked, and the exception reaches the framework.',
  ),
  fault(
    'http-huge-id-500',
    'order-id',
    'spec §4 cancelOrder rule 3',
    "A cancel whose id has more than 4,300 digits fails with a plain-text 500, while a shorter id beyond int64 is answered 400: Python's int() refuses to convert longer text since 3.11 (CVE-2020-10735), and the ValueError reaches the WSGI server.",
  ),
  fault(
    'http-write-405-html',
    'any response',
    'spec §8 rule 1; spec §7',
    "POST, PUT and PATCH, which no route defines, are refused by the framework's own handler before the per-view rate limiter runs: an HTML 405 page with Allow, no Error object, no X-RateLimit-* fields (Werkzeug's MethodNotAllowed under a limiter decorating each view).",
  ),
  fault(
    'http-head-body-close',
    'any response',
    'RFC 9110 §9.3.2',
    'A hand-written HTTP/1.1 server answers HEAD as it answers GET: the head, then the whole body on the socket, then it closes the connection (so no later response is broken by them).',
  ),
  fault(
    'http-head-length-zero',
    'any response',
    'RFC 9110 §8.6',
    'A hand-rolled server answers HEAD with the length of what it sends, nothing: Content-Length: 0 on a HEAD of the list, whose GET carries the whole list.',
  ),
  fault(
    'request-body-unread',
    'any response',
    'RFC 9112 §6.3',
    'A hand-written HTTP/1.1 server never reads the content a Content-Length frames: on a kept-alive connection its bytes are read as the start of the next request, whose line is then no request line (400, and the connection closed).',
  ),
]);

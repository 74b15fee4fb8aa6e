// The named variants of how HTTP carries the answers: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const HTTP_VARIANTS = variantsOf('http', [
  variant(
    'json-charset',
    'RFC 8259 §11 (application/json has no charset parameter, and recipients must ignore one); RFC 9110 §8.3',
    'JSON responses say Content-Type: application/json; charset=utf-8.',
  ),
  variant(
    'connection-close',
    'RFC 9112 §9.6 (a server may close the connection after any response)',
    'Every response carries Connection: close and the server closes the connection after it.',
  ),
  variant(
    'chunked-list',
    'RFC 9112 §7.1 (chunked transfer coding)',
    'The order list is sent with Transfer-Encoding: chunked, in pieces, without Content-Length.',
  ),
  variant(
    'header-case',
    'RFC 9110 §5.1 (field names are case-insensitive)',
    'Header names in other letter cases: x-ratelimit-limit, X-RATELIMIT-REMAINING, x-ratelimit-reset, RETRY-AFTER, content-type, www-authenticate.',
  ),
  variant(
    'more-response-fields',
    'RFC 9111 §5.2 (Cache-Control), RFC 9110 §12.5.5 (Vary), §8.8.3 (ETag), §8.3.1 (a quoted parameter value); RFC 8288 §3 (several link-values)',
    'Every response carries Cache-Control: no-store, private and Vary: Accept, Authorization; JSON is labelled application/json; charset="utf-8" (a quoted parameter); the list carries a weak ETag; the pets Link holds two link-values.',
  ),
  variant(
    'list-etag-weak',
    'RFC 9110 §8.8.1 (a weak validator need not change with every change of the data: when it does is the origin server’s choice) and §13.1.2 (If-None-Match compares weakly)',
    'The list carries a weak ETag that counts its orders (W/"orders-N"), which a cancel that keeps the order listed does not change, and If-None-Match matching it is answered 304 Not Modified.',
  ),
  variant(
    'front-request-line-limit',
    'RFC 9112 §3 (a server that receives a request-target longer than it wishes to parse answers 414, or 400); what fronts accept',
    "A front refuses a request line longer than 4,094 bytes with its own HTML 400, without Date or rate-limit fields, before the application runs: gunicorn's default limit_request_line.",
  ),
  variant(
    'front-path-bytes',
    'RFC 9110 §15.5.1 (400: a request the server will not process as malformed); RFC 3986 §2.1; what fronts accept',
    "A path holding %00 or bytes that are no UTF-8 (%FF) is refused by the HTTP connector with its own HTML 400, without rate-limit fields, before the application runs: Tomcat's default.",
  ),
  variant(
    'write-length-required',
    'RFC 9110 §15.5.12 (a server may refuse a request without a defined Content-Length with 411) and §8.6 (a user agent SHOULD send Content-Length in a POST, even 0)',
    "A POST, PUT or PATCH with no Content-Length is refused by the HTTP stack before the application with its own HTML 411, without rate-limit fields: lighttpd 1.4's parser does so (HTTP/1.x).",
  ),
  variant(
    'front-path-nul-404',
    'RFC 9110 §15.5.5 (404: no current representation for the target resource); RFC 3986 §2.1; what fronts accept',
    "A path holding %00 is refused by the server's own URL unescaping with its HTML 404, without rate-limit fields, before the application runs: Apache httpd's default (ap_unescape_url).",
  ),
  variant(
    'front-encoded-slash',
    'RFC 9110 §15.5.1 (400: a request the server will not process as malformed); RFC 3986 §2.2 (%2F is not equivalent to "/"); what fronts accept',
    "A path holding an encoded slash (%2F) is refused by the HTTP connector with its own HTML 400, without rate-limit fields, before the application runs: Tomcat's default since CVE-2007-0450 (encodedSolidusHandling reject).",
  ),
  variant(
    'head-not-routed',
    'RFC 9110 §9.1 (HEAD is asked of general-purpose servers, which names no API origin server) and §15.5.6 (405 with Allow)',
    'The list and the pets read are routed for GET alone: a HEAD of either, with a key or without, is refused by the router with 405, Allow: GET and an Error body, before authentication.',
  ),
]);

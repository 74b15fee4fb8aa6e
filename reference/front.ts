// Variant front-request-line-limit: a front before the application (gunicorn's own HTTP parser) that refuses
// a request line longer than its limit_request_line, 4,094 bytes by default, with its own page, before any
// application code, rate limiter or route runs. Must not count or route anything.

import type { IncomingMessage, ServerResponse } from 'node:http';

/** gunicorn's default limit_request_line. */
export const FRONT_REQUEST_LINE_LIMIT = 4094;

/** gunicorn's answer (workers/base.py handle_error, util.write_error): no Date, no application headers. */
const PAGE =
  '<html>\n  <head>\n    <title>Bad Request</title>\n  </head>\n  <body>\n    <h1><p>Bad Request</p></h1>\n    Request Line is too large\n  </body>\n</html>\n';

/** Answers an over-long request as the front would, and says so; false when the request may go on. */
export function refusedAtFront(req: IncomingMessage, res: ServerResponse): boolean {
  const line = Buffer.byteLength(`${req.method} ${req.url ?? '/'} HTTP/${req.httpVersion}`);
  if (line <= FRONT_REQUEST_LINE_LIMIT) return false;
  const head = `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(PAGE)}\r\n\r\n`;
  res.socket?.end(head + PAGE);
  return true;
}

// Fault http-post-411-html: the HTTP stack before the application refuses a POST, PUT or PATCH that names no
// length (no Content-Length, no Transfer-Encoding) with its own HTML 411, as IIS and older nginx do, before any
// application code, rate limiter or route runs. Must not count or route anything.
import type { IncomingMessage, ServerResponse } from 'node:http';

const PAGE =
  '<html>\r\n<head><title>411 Length Required</title></head>\r\n<body>\r\n<center><h1>411 Length Required</h1></center>\r\n</body>\r\n</html>\r\n';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** Answers a write with no length as the stack would, and says so; false when the request may go on. */
export function refusedWithoutLength(req: IncomingMessage, res: ServerResponse): boolean {
  const h = req.headers;
  if (
    !WRITES.has(req.method ?? '') ||
    h['content-length'] !== undefined ||
    h['transfer-encoding'] !== undefined
  )
    return false;
  res.writeHead(411, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PAGE) });
  res.end(PAGE);
  return true;
}

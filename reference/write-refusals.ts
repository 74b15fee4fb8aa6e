// POST, PUT and PATCH answered before the application: fault http-write-405-html (the framework's own HTML 405
// for a method no route defines, outside the per-view limiter) and variant write-length-required (a stack that
// insists on a Content-Length, 411, as lighttpd does). Must not count or route anything.
import type { IncomingMessage, ServerResponse } from 'node:http';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** Werkzeug's MethodNotAllowed page. */
const PAGE_405 =
  '<!doctype html>\n<html lang=en>\n<title>405 Method Not Allowed</title>\n<h1>Method Not Allowed</h1>\n<p>The method is not allowed for the requested URL.</p>\n';

/** lighttpd's page for a POST without Content-Length. */
const PAGE_411 =
  '<?xml version="1.0" encoding="iso-8859-1"?>\n<html><head><title>411 Length Required</title></head><body><h1>411 Length Required</h1></body></html>\n';

function page(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
  return true;
}

/** Fault http-write-405-html: every write is refused by the framework itself; false for other methods. */
export function refusedWrite(req: IncomingMessage, res: ServerResponse, allow: string): boolean {
  return WRITES.has(req.method ?? '') && page(res, 405, PAGE_405, { Allow: allow });
}

/** Variant write-length-required: a write naming no length is refused by the stack; false otherwise. */
export function refusedWithoutLength(req: IncomingMessage, res: ServerResponse): boolean {
  const h = req.headers;
  const unmeasured = h['content-length'] === undefined && h['transfer-encoding'] === undefined;
  return WRITES.has(req.method ?? '') && unmeasured && page(res, 411, PAGE_411);
}

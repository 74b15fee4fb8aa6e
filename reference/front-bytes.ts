// Variant front-path-bytes: Tomcat's connector refuses a path whose decoded bytes hold a NUL (%00) or are no
// UTF-8 (%FF) with its own HTML 400; variant front-path-nul-404: Apache httpd refuses %00 with its HTML 404.
// Variant front-encoded-slash: Tomcat's connector refuses an encoded slash (%2F) with its HTML 400. All three
// before any filter, rate limiter or handler runs. Must not count or route.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Tomcat's ErrorReportValve page for a 400 (shortened). */
const PAGE =
  '<!doctype html><html lang="en"><head><title>HTTP Status 400 – Bad Request</title></head><body><h1>HTTP Status 400 – Bad Request</h1></body></html>';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The path's bytes with its percent-escapes decoded. */
function pathBytes(path: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < path.length; i++) {
    const pct = /^%([0-9A-Fa-f]{2})/.exec(path.slice(i, i + 3));
    if (pct) {
      bytes.push(Number.parseInt(pct[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(path[i]!));
  }
  return Uint8Array.from(bytes);
}

/** Tomcat's ErrorReportValve page for an encoded slash (shortened). */
const SLASH_PAGE =
  '<!doctype html><html lang="en"><head><title>HTTP Status 400 – Bad Request</title></head><body><h1>HTTP Status 400 – Bad Request</h1><p><b>Message</b> The encoded slash character is not allowed</p></body></html>';

/** Answers a path holding %2F as Tomcat's default encodedSolidusHandling (reject) does; false otherwise. */
export function refusedEncodedSlash(req: IncomingMessage, res: ServerResponse): boolean {
  if (!/%2F/i.test((req.url ?? '/').replace(/[?#].*$/, ''))) return false;
  res.writeHead(400, {
    'Content-Type': 'text/html;charset=utf-8',
    'Content-Language': 'en',
    'Content-Length': Buffer.byteLength(SLASH_PAGE),
    Connection: 'close',
  });
  res.end(SLASH_PAGE);
  return true;
}

/** Answers a path holding %00 or bytes that are no UTF-8 as Tomcat would, and says so; false otherwise. */
export function refusedPathBytes(req: IncomingMessage, res: ServerResponse): boolean {
  const bytes = pathBytes((req.url ?? '/').replace(/[?#].*$/, ''));
  let bad = bytes.includes(0);
  if (!bad)
    try {
      STRICT_UTF8.decode(bytes);
    } catch {
      bad = true;
    }
  if (!bad) return false;
  res.writeHead(400, {
    'Content-Type': 'text/html;charset=utf-8',
    'Content-Language': 'en',
    'Content-Length': Buffer.byteLength(PAGE),
    Connection: 'close',
  });
  res.end(PAGE);
  return true;
}

/** Apache httpd's page for a 404 (shortened). */
const NOT_FOUND_PAGE =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n';

/** Answers a path holding %00 as Apache httpd's ap_unescape_url does (404, before any handler); false otherwise. */
export function refusedNulPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (!pathBytes((req.url ?? '/').replace(/[?#].*$/, '')).includes(0)) return false;
  res.writeHead(404, {
    'Content-Type': 'text/html; charset=iso-8859-1',
    'Content-Length': Buffer.byteLength(NOT_FOUND_PAGE),
  });
  res.end(NOT_FOUND_PAGE);
  return true;
}

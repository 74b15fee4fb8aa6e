// How the node:http target writes a response: a Reply (status, JSON value, headers) as JSON with exact
// int64 ids, the Error object (spec §2), the X-RateLimit headers and Retry-After (spec §8).
// Decides nothing: the handler says what to send.
import type { ServerResponse } from 'node:http';
import type { MisconfigName } from './config.ts';
import { toJson } from './json.ts';
import type { Decision } from './limiter.ts';

export interface Reply {
  status: number;
  /** The body as a value; none for a 204. */
  json?: unknown;
  headers?: Record<string, string>;
}

export function errorReply(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, json: { code, message, status }, headers };
}

export function write(res: ServerResponse, reply: Reply): void {
  if (reply.json === undefined) {
    // No Content-Type, no Content-Length: RFC 9110 §8.6 forbids the latter on a 204.
    res.writeHead(reply.status, reply.headers);
    res.end();
    return;
  }
  const body = toJson(reply.json);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...reply.headers,
  });
  // On HEAD (and on a 204), Node writes the headers, Content-Length included, and drops the body by itself.
  res.end(body);
}

/** Sets the rate-limit headers for whatever response follows (writeHead merges them in). */
export function setRateHeaders(res: ServerResponse, d: Decision, misconfig: MisconfigName | undefined): void {
  res.setHeader('X-RateLimit-Limit', String(d.limit));
  res.setHeader('X-RateLimit-Remaining', String(d.remaining));
  // reset-ms: the moment straight from Date.now() arithmetic, milliseconds where spec §8 rule 2 says Unix seconds.
  const reset = misconfig === 'reset-ms' ? Math.ceil(d.resetAtMs) : Math.ceil(d.resetAtMs / 1000);
  res.setHeader('X-RateLimit-Reset', String(reset));
  if (d.retryAfterSec !== undefined) res.setHeader('Retry-After', String(d.retryAfterSec));
}

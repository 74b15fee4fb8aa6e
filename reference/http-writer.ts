// Puts a Reply on the wire, with the headers the pipeline adds. Must not decide status or body.

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Reply } from './reply.ts';
import type { VariantSet } from './variants/variant-set.ts';

/** Variant header-case: field names are case-insensitive (RFC 9110 §5.1), so these spellings are as good. */
const OTHER_CASE: Record<string, string> = {
  'x-ratelimit-limit': 'x-ratelimit-limit',
  'x-ratelimit-remaining': 'X-RATELIMIT-REMAINING',
  'x-ratelimit-reset': 'x-ratelimit-reset',
  'retry-after': 'RETRY-AFTER',
  'content-type': 'content-type',
  'www-authenticate': 'www-authenticate',
};

/** Variant chunked-list: the size of each chunk. */
const CHUNK_CHARS = 16 * 1024;

const REASONS: Record<number, string> = {
  204: 'No Content',
  400: 'Bad Request',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
};

/** Header fields to write; a list is sent as one field line per value (fault ratelimit-headers-twice-on-404). */
export type HeaderFields = Record<string, string | string[]>;

export function writeReply(
  res: ServerResponse,
  reply: Reply,
  extra: HeaderFields,
  variants?: VariantSet,
): void {
  const headers = { ...extra, ...reply.headers };
  if (reply.rawSocket) {
    if (res.socket) writeRaw(res.socket, reply, headers);
    return;
  }
  const otherCase = variants?.has('header-case') ?? false;
  // Node writes a field name as it was set, so the variant's spelling reaches the wire.
  const set = (name: string, value: string | number | string[]) =>
    res.setHeader(otherCase ? (OTHER_CASE[name.toLowerCase()] ?? name) : name, value);
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(headers)) set(name, value);
  // RFC 9112 §9.6: node closes the connection after a response that says so.
  if (variants?.has('connection-close')) set('Connection', 'close');
  if (!reply.body) {
    // Node sends neither Content-Length nor Transfer-Encoding for a bodiless 204 (RFC 9110 §8.6).
    res.end();
    return;
  }
  set('Content-Type', reply.body.type);
  if (reply.chunked) {
    // No Content-Length: node sends Transfer-Encoding: chunked (RFC 9112 §7.1), one chunk per write.
    const { text } = reply.body;
    for (let i = 0; i < text.length; i += CHUNK_CHARS) res.write(text.slice(i, i + CHUNK_CHARS));
    res.end();
    return;
  }
  const bytes = reply.body.bytes ?? Buffer.from(reply.body.text);
  set('Content-Length', bytes.length);
  res.end(bytes);
}

/**
 * Writes a whole HTTP/1.1 response on the socket, bypassing node's framing, then closes the connection
 * (the body may break framing, e.g. on a 204, so the connection cannot be reused).
 */
export function writeRaw(socket: Socket, reply: Reply, headers: HeaderFields): void {
  const body = Buffer.from(reply.body?.text ?? '');
  const lines = [
    `HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? 'Unknown'}`,
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`),
    ),
  ];
  if (reply.body) lines.push(`Content-Type: ${reply.body.type}`, `Content-Length: ${body.length}`);
  lines.push('Connection: close');
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]));
}

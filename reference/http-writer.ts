// Puts a Reply on the wire, with the headers the pipeline adds. Must not decide status or body.

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Reply } from './reply.ts';

const REASONS: Record<number, string> = {
  204: 'No Content',
  400: 'Bad Request',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
};

export function writeReply(res: ServerResponse, reply: Reply, extra: Record<string, string>): void {
  const headers = { ...extra, ...reply.headers };
  if (reply.rawSocket) {
    if (res.socket) writeRaw(res.socket, reply, headers);
    return;
  }
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!reply.body) {
    // Node sends neither Content-Length nor Transfer-Encoding for a bodiless 204 (RFC 9110 §8.6).
    res.end();
    return;
  }
  res.setHeader('Content-Type', reply.body.type);
  res.setHeader('Content-Length', Buffer.byteLength(reply.body.text));
  res.end(reply.body.text);
}

/**
 * Writes a whole HTTP/1.1 response on the socket, bypassing node's framing, then closes the connection
 * (the body may break framing, e.g. on a 204, so the connection cannot be reused).
 */
export function writeRaw(socket: Socket, reply: Reply, headers: Record<string, string>): void {
  const body = Buffer.from(reply.body?.text ?? '');
  const lines = [
    `HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? 'Unknown'}`,
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (reply.body) lines.push(`Content-Type: ${reply.body.type}`, `Content-Length: ${body.length}`);
  lines.push('Connection: close');
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]));
}

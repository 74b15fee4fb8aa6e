// A response a target sent on a connection that sat idle, no request outstanding: a server's idle timer (Kore's
// default) answers 408 and closes (RFC 9110 §15.5.9; RFC 9112 §9.5: either side may close an idle connection).
// Watches a socket's bytes so that, when undici drops a connection for bytes no request asked for, those bytes
// are told apart: a whole, well-formed 408 after an idle gap, or bytes right after a response (a framing failure).
import type { Socket } from 'node:net';

/** The evidence of a 408 sent on an idle connection. */
export interface IdleAnswer {
  /** How long the connection sat with nothing on it before the 408 arrived, in ms. */
  gapMs: number;
  /** Its status line. */
  statusLine: string;
  bytes: number;
}

/** The shortest silence on a connection after a response for bytes after it to be an idle timer's, not its tail. */
export const IDLE_GAP_MS = 250;

const idleAnswers = new WeakMap<Error, IdleAnswer>();

/** The idle 408 that made undici drop a connection with `error`, if that is what its bytes were. */
export function idleAnswerOf(error: Error | undefined): IdleAnswer | undefined {
  return error ? idleAnswers.get(error) : undefined;
}

/**
 * Whether `bytes` are one whole, well-formed 408 response and nothing more: a status line, a header section
 * ended by an empty line, and a body of exactly its Content-Length, ended by its last chunk, or running to
 * the close (neither field).
 */
export function wholeTimeoutResponse(bytes: Buffer): string | undefined {
  const text = bytes.toString('latin1');
  const line = /^HTTP\/1\.[01] 408(?: [^\r\n]*)?\r\n/.exec(text);
  const end = text.indexOf('\r\n\r\n');
  if (!line || end < 0) return undefined;
  const fields = text.slice(line[0].length, end + 2);
  if (!/^([!#$%&'*+.^_`|~0-9A-Za-z-]+:[^\r\n]*\r\n)*$/.test(fields)) return undefined;
  const body = bytes.length - (end + 4);
  const length = /^content-length:[ \t]*(\d+)[ \t]*\r$/im.exec(fields)?.[1];
  const chunked = /^transfer-encoding:[^\r\n]*chunked/im.test(fields);
  if (length !== undefined && Number(length) !== body) return undefined;
  if (chunked && !text.endsWith('0\r\n\r\n')) return undefined;
  return line[0].trimEnd();
}

/**
 * Watches `socket` (a connection of the agent's): the time of each write and of each chunk received; when undici
 * destroys it for a "bad response", remembers (idleAnswerOf) whether the chunk that did it was a whole 408 that
 * arrived on its own, IDLE_GAP_MS or more after the last bytes before it, with no request written since.
 */
export function watchIdleAnswers(socket: Socket, now: () => number = () => performance.now()): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  const push = socket.push.bind(socket);
  let writtenAt = Number.NEGATIVE_INFINITY;
  let before: number | undefined;
  let last: { chunk: Buffer; at: number; gapMs: number | undefined; written: boolean } | undefined;
  socket.write = ((...args: unknown[]) => {
    writtenAt = now();
    return write(...args);
  }) as Socket['write'];
  socket.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (Buffer.isBuffer(chunk)) {
      const at = now();
      last = {
        chunk,
        at,
        gapMs: before === undefined ? undefined : at - before,
        written: before === undefined || writtenAt >= before,
      };
      before = at;
    }
    return push(chunk, encoding);
  };
  socket.on('error', (error: Error) => {
    if (!/bad response/i.test(error.message) || !last || last.written) return;
    if (last.gapMs === undefined || last.gapMs < IDLE_GAP_MS) return;
    const statusLine = wholeTimeoutResponse(last.chunk);
    if (statusLine)
      idleAnswers.set(error, { gapMs: Math.round(last.gapMs), statusLine, bytes: last.chunk.length });
  });
}

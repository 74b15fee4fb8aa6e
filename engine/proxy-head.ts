// What the target sent after the head of its answer to a HEAD, as the recording proxy sees it on its own
// connection: node's client ends a HEAD's response at its header section and drops the rest, which RFC 9110
// §9.3.2 forbids a server to send. Watches one upstream socket; relays nothing, records nothing itself.
import type { Socket } from 'node:net';
import { responseHead } from '../lib/http/interim.ts';
import { HEAD_GRACE_MS } from '../lib/http/raw-head.ts';

/** The most of such content kept: its first bytes show it, its count says how much came. */
const KEPT = 64 * 1024;
/** The head a 1xx skip reads at most (node's own header cap). */
const MAX_HEAD = 16 * 1024;

export interface HeadContent {
  /** Resolves with the bytes after the final head once the target closes, or the grace after that head passes. */
  settled(): Promise<{ kept: Buffer; bytes: number }>;
}

/** Watches `socket` (a connection of its own, closed after this one exchange) from the request on. */
export function watchHeadContent(socket: Socket, graceMs = HEAD_GRACE_MS): HeadContent {
  let pending: Buffer | undefined = Buffer.alloc(0);
  const kept: Buffer[] = [];
  let size = 0;
  let bytes = 0;
  const closed = new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    socket.once('close', () => resolve());
  });
  const take = (chunk: Buffer) => {
    bytes += chunk.length;
    if (size >= KEPT) return;
    const part = chunk.subarray(0, KEPT - size);
    kept.push(part);
    size += part.length;
  };
  socket.on('data', (chunk: Buffer) => {
    if (pending === undefined) return take(chunk);
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const head = responseHead(pending, MAX_HEAD);
      if (head === 'more') return;
      if (head !== 'final' && 'malformed' in head) {
        pending = undefined;
        return;
      }
      if (head !== 'final') {
        pending = pending.subarray(head.length);
        continue;
      }
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) {
        // Past the bound with no end: no head node reads, nothing to watch after it.
        if (pending.length > MAX_HEAD * 5) pending = undefined;
        return;
      }
      const rest = pending.subarray(end + 4);
      pending = undefined;
      if (rest.length > 0) take(rest);
      return;
    }
  });
  return {
    async settled() {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([closed, grace]);
      clearTimeout(timer);
      socket.destroy();
      return { kept: Buffer.concat(kept), bytes };
    },
  };
}

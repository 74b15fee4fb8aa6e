// Keep-alive against a real loopback server: a harness busy longer than the target's announced Keep-Alive
// timeout (parsing a million orders) must open a new connection rather than send on one the target has
// closed meanwhile, and must still reuse a connection that is fresh.
import { stat } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './client.ts';
import { DEFAULT_KEEP_ALIVE_MS, reuseWindowMs } from './connections.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';
import { Transcript } from './transcript.ts';

/** The shortest Keep-Alive timeout under which undici reuses a connection at all (it keeps a 2 s margin). */
const KEEP_ALIVE_SECONDS = 3;

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/**
 * An HTTP/1.1 server that announces `Keep-Alive: timeout=3` and holds to it by its own clock: a request that
 * arrives on a connection idle for that long finds it closed, as when the server's close and the request cross
 * on the wire (the request is dropped unanswered). Bodiless requests only.
 */
async function keepAliveServer() {
  const seen = { connections: 0, GET: 0, DELETE: 0, dropped: 0 };
  const server = createServer((socket) => {
    sockets.push(socket);
    seen.connections += 1;
    let idleSince: number | undefined;
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const method = pending.slice(0, pending.indexOf(' ')) as 'GET' | 'DELETE';
        pending = pending.slice(end + 4);
        if (idleSince !== undefined && Date.now() - idleSince >= KEEP_ALIVE_SECONDS * 1000) {
          seen.dropped += 1;
          socket.destroy();
          return;
        }
        seen[method] += 1;
        const body = method === 'DELETE' ? '' : '[]';
        socket.write(
          `HTTP/1.1 ${body ? '200 OK' : '204 No Content'}\r\nConnection: keep-alive\r\n` +
            `Keep-Alive: timeout=${KEEP_ALIVE_SECONDS}\r\n` +
            (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '') +
            `\r\n${body}`,
        );
        idleSince = Date.now();
      }
    });
    socket.on('error', () => socket.destroy());
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

function client(baseUrl: string, transcript = new Transcript()): HttpClient {
  return new HttpClient({
    baseUrl,
    apiKey: 'osk_keep_alive_test_key_0123',
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 256,
    pacer: new Pacer({ maxRequests: 10, maxWaitMs: 1000 }),
    transcript,
    redactor: new Redactor(),
  });
}

/**
 * Lets the connection go back to its pool, then goes on from an I/O completion, as the harness goes on from
 * the end of a body it read: there undici checks an idle connection for a close before its keep-alive timer
 * has had a chance to run (the check phase comes before the next timers phase).
 */
async function settle(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => stat('.', r));
}

/** Holds the event loop as a long synchronous parse does: undici's keep-alive timer cannot run meanwhile. */
function busy(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('keep-alive connections', () => {
  it('opens a new connection when the harness was busy past the announced Keep-Alive timeout', async () => {
    const { seen, baseUrl } = await keepAliveServer();
    const transcript = new Transcript();
    const http = client(baseUrl, transcript);
    try {
      await http.send({ method: 'GET', path: '/store/orders' });
      await settle();
      busy(KEEP_ALIVE_SECONDS * 1000 + 300);
      const cancel = await http.send({ method: 'DELETE', path: '/store/orders/1', retryAfter429: false });
      expect(cancel.status).toBe(204);
      expect(seen).toEqual({ connections: 2, GET: 1, DELETE: 1, dropped: 0 });
      // Each exchange records the connection it went on: the second opened its own.
      expect(transcript.all().map((x) => x.connection)).toEqual([1, 2]);
    } finally {
      await http.close();
    }
  });

  it('reuses a connection that has been idle for less than that', async () => {
    const { seen, baseUrl } = await keepAliveServer();
    const transcript = new Transcript();
    const http = client(baseUrl, transcript);
    try {
      for (let i = 0; i < 3; i++) {
        await http.send({ method: 'GET', path: '/store/orders' });
        await settle();
      }
      expect(seen).toEqual({ connections: 1, GET: 3, DELETE: 0, dropped: 0 });
      expect(transcript.all().map((x) => x.connection)).toEqual([1, 1, 1]);
    } finally {
      await http.close();
    }
  });

  it('sends a request asked to go alone on a connection of its own, then goes on with the one before', async () => {
    const { seen, baseUrl } = await keepAliveServer();
    const transcript = new Transcript();
    const http = client(baseUrl, transcript);
    try {
      await http.send({ method: 'GET', path: '/store/orders' });
      await settle();
      await http.send({ method: 'GET', path: '/store/orders', freshConnection: true });
      await settle();
      await http.send({ method: 'GET', path: '/store/orders' });
      await settle();
      // The key under another spelling of the scheme always goes alone (a cache of header values per
      // connection would read it as the "Bearer <key>" before it).
      await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'key', scheme: 'bearer' } });
      expect(seen).toEqual({ connections: 3, GET: 4, DELETE: 0, dropped: 0 });
      // The lone requests' connections are not the run's: they go unnumbered, and the next request goes on
      // the run's first connection again.
      expect(transcript.all().map((x) => x.connection)).toEqual([1, undefined, 1, undefined]);
    } finally {
      await http.close();
    }
  });

  it('reckons the reuse window as undici does: the announced timeout less its margin, none after a close', () => {
    expect(reuseWindowMs({ 'keep-alive': 'timeout=5' })).toBe(3000);
    expect(reuseWindowMs({ 'keep-alive': 'timeout=5, max=1000' })).toBe(3000);
    expect(reuseWindowMs({ 'keep-alive': 'timeout=1' })).toBe(0);
    expect(reuseWindowMs({})).toBe(DEFAULT_KEEP_ALIVE_MS);
    expect(reuseWindowMs({ connection: 'close', 'keep-alive': 'timeout=5' })).toBe(0);
    expect(reuseWindowMs({ 'keep-alive': 'max=5' })).toBe(DEFAULT_KEEP_ALIVE_MS);
  });
});

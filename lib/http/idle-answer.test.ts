// A 408 a server's idle timer sends on a keep-alive connection (Kore's default), told from bytes right after a
// response, against real loopback servers written byte by byte; and the reading of a whole 408 on its own.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './client.ts';
import { IDLE_GAP_MS, wholeTimeoutResponse } from './idle-answer.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';
import { Transcript } from './transcript.ts';

const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]';
const TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server that answers the first request with OK, then `after(socket)`; sockets closed with the server. */
async function serve(after: (socket: Socket) => void): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.once('data', () => after(socket));
  });
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** Sends one GET, then waits (bounded) for the connection to be dropped for stray bytes. */
async function strayAfterOneGet(base: string) {
  const http = new HttpClient({
    baseUrl: base,
    apiKey: 'osk_idle_answer_test_key_0123456789',
    allowKeyInUrl: false,
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests: 5, maxWaitMs: 1000 }),
    transcript: new Transcript(),
    redactor: new Redactor(),
  });
  const res = await http.send({ method: 'GET', path: '/store/orders' });
  expect(res.status).toBe(200);
  for (let i = 0; i < 60 && http.strayResponses.length === 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  await http.close();
  return http.strayResponses;
}

describe('bytes after a response on a keep-alive connection', () => {
  it('reads a whole 408 sent once the connection sat idle as the idle timer, with its evidence', async () => {
    const base = await serve((s) => {
      s.write(OK);
      setTimeout(() => s.end(TIMEOUT), IDLE_GAP_MS * 2);
    });
    const [stray, more] = await strayAfterOneGet(base);
    expect(more).toBeUndefined();
    expect(stray?.idle).toMatchObject({ statusLine: 'HTTP/1.1 408 Request Timeout', bytes: TIMEOUT.length });
    expect(stray!.idle!.gapMs).toBeGreaterThanOrEqual(IDLE_GAP_MS);
  });

  it('reads a 408 sent with the response, in the same write, as bytes after it (a framing failure)', async () => {
    const [stray] = await strayAfterOneGet(await serve((s) => s.end(OK + TIMEOUT)));
    expect(stray).toBeDefined();
    expect(stray!.idle).toBeUndefined();
  });

  it('reads other bytes sent once the connection sat idle as bytes after a response', async () => {
    const base = await serve((s) => {
      s.write(OK);
      setTimeout(() => s.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]'), IDLE_GAP_MS * 2);
    });
    const [stray] = await strayAfterOneGet(base);
    expect(stray).toBeDefined();
    expect(stray!.idle).toBeUndefined();
  });
});

describe('wholeTimeoutResponse', () => {
  it('reads one whole 408 and nothing more', () => {
    expect(wholeTimeoutResponse(Buffer.from(TIMEOUT))).toBe('HTTP/1.1 408 Request Timeout');
    const body = 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 5\r\n\r\nslow!';
    expect(wholeTimeoutResponse(Buffer.from(body))).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('refuses a body longer or shorter than its length, a head not ended, a bad field or another status', () => {
    for (const bytes of [
      'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n\r\nextra',
      'HTTP/1.1 408 Request Timeout\r\nContent-Length: 9\r\n\r\nshort',
      'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n',
      'HTTP/1.1 408 Request Timeout\r\nbad field\r\n\r\n',
      'HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n',
      `${OK}${TIMEOUT}`,
    ])
      expect(wholeTimeoutResponse(Buffer.from(bytes))).toBeUndefined();
  });
});

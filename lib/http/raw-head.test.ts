// A HEAD read off the socket against real loopback servers: content after the head is kept and recorded
// (undici drops it), a conformant node server's HEAD shows none, the key is recorded redacted, and our own
// bounds (headers, time) end the exchange as the harness's errors.
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './client.ts';
import { Pacer } from './pacer.ts';
import { parseHead, rawHead, rawHeadRequest } from './raw-head.ts';
import { Redactor } from './redact.ts';
import { Transcript } from './transcript.ts';

const KEY = 'osk_raw_head_test_key_0123456789';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const listening = async (server: Server | ReturnType<typeof createHttpServer>) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    return new Promise((r) => server.close(() => r()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
};

/** A hand-written server answering each request with `answer`, then closing when `close` says so. */
async function rawServer(answer: string, close: boolean) {
  const requests: string[] = [];
  const server = createServer((socket) => {
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      requests.push(pending.slice(0, end));
      pending = '';
      if (close) socket.end(answer);
      else socket.write(answer);
    });
    socket.on('error', () => socket.destroy());
  });
  return { baseUrl: await listening(server), requests };
}

function client(baseUrl: string, transcript = new Transcript(), timeoutMs = 5000) {
  return new HttpClient({
    baseUrl,
    apiKey: KEY,
    timeoutMs,
    maxResponseBytes: 1 << 20,
    maxHeaderBytes: 1024,
    recordBodyBytes: 256,
    pacer: new Pacer({ maxRequests: 10, maxWaitMs: 1000 }),
    transcript,
    redactor: new Redactor(),
  });
}

const LIST = '[{"id":1,"petId":2,"quantity":1,"complete":false}]';
const HEAD_200 = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${LIST.length}\r\n\r\n`;

describe('rawHead', () => {
  it('keeps the content a server sends after a HEAD head, then closes; records its size, the key redacted', async () => {
    const { baseUrl, requests } = await rawServer(HEAD_200 + LIST, true);
    const transcript = new Transcript();
    const c = client(baseUrl, transcript);
    const res = await c.send({ method: 'HEAD', path: '/store/orders', readsHeadContent: true });
    await c.close();
    expect(res.status).toBe(200);
    expect(res.text).toBe(LIST);
    expect(res.exchange.response).toMatchObject({ bodyBytes: LIST.length });
    expect(requests[0]).toMatch(/^HEAD \/v1\/store\/orders HTTP\/1\.1\r\nhost: 127\.0\.0\.1:\d+\r\n/);
    expect(requests[0]).toContain(`authorization: Bearer ${KEY}`);
    expect(requests[0]).toContain('connection: close');
    expect(JSON.stringify(transcript.all())).not.toContain(KEY);
  });

  it('keeps content on a connection the server keeps open, within the grace', async () => {
    const { baseUrl } = await rawServer(HEAD_200 + LIST, false);
    const res = await rawHead({
      url: `${baseUrl}/store/orders`,
      headers: {},
      timeoutMs: 5000,
      maxHeaderBytes: 1024,
      maxContentBytes: 10,
      graceMs: 50,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    // Bounded by maxContentBytes: the first bytes are enough to show it.
    expect(Buffer.concat(chunks).toString()).toBe(LIST.slice(0, 10));
  });

  it("shows no content after a conformant node server's HEAD", async () => {
    const server = createHttpServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-length', LIST.length);
      res.end(LIST);
    });
    const c = client(await listening(server));
    const res = await c.send({ method: 'HEAD', path: '/store/orders', readsHeadContent: true });
    await c.close();
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(LIST.length));
    expect(res.bytes).toBe(0);
  });

  it('ends in our own limits as the harness errors they are', async () => {
    const big = await rawServer(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(2000)}\r\n\r\n`, true);
    const c = client(big.baseUrl);
    await expect(
      c.send({ method: 'HEAD', path: '/store/orders', readsHeadContent: true }),
    ).rejects.toMatchObject({ code: 'E_HEADERS_TOO_LARGE' });
    await c.close();
    const silent = await rawServer('', false);
    const slow = client(silent.baseUrl, new Transcript(), 100);
    await expect(
      slow.send({ method: 'HEAD', path: '/store/orders', readsHeadContent: true }),
    ).rejects.toMatchObject({ code: 'E_TIMEOUT' });
    await slow.close();
  });

  it('parses heads as undici gives them and refuses what is no HTTP/1.1 head', () => {
    expect(parseHead('HTTP/1.1 204 No Content\r\nA: 1\r\na: 2\r\nB:  x ', 100)).toEqual({
      statusCode: 204,
      headers: { a: ['1', '2'], b: 'x' },
    });
    expect(() => parseHead('HTTP/2 200', 100)).toThrow(/status line/);
    expect(() => parseHead('HTTP/1.1 200 OK\r\nbad line', 100)).toThrow(/header line/);
    expect(() => rawHeadRequest('http://h/v1', { a: 'x\r\ny: z' })).toThrow(/invalid request header/);
  });
});

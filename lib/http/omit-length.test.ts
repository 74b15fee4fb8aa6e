// A POST with no Content-Length on a real loopback socket: the head undici writes loses the marker and its
// "content-length: 0", and nothing else; without the marker, undici's own head goes out untouched.
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OMIT_LENGTH_MARKER, omitEmptyLength } from './omit-length.ts';
import { newAgent, request } from './transport.ts';

let server: Server;
let origin: string;
const heads: string[] = [];

beforeAll(async () => {
  // A raw server: it keeps each head as it arrived and answers 204, closing the connection.
  server = createServer((socket) => {
    let got = '';
    socket.on('data', (b) => {
      got += b.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      heads.push(got);
      socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const SETTINGS = { timeoutMs: 2000, maxResponseBytes: 1 << 20, maxHeaderBytes: 4096 };
const KEEP = { keepAliveTimeout: 4000, keepAliveTimeoutThreshold: 2000, keepAliveMaxTimeout: 600_000 };

describe('a request without Content-Length', () => {
  it('drops the marker and the empty length from a head, and leaves other heads alone', () => {
    const head = `POST /v1/store/orders HTTP/1.1\r\nhost: x\r\n${OMIT_LENGTH_MARKER}: 1\r\naccept: */*\r\ncontent-length: 0\r\n\r\n`;
    expect(omitEmptyLength(head)).toBe('POST /v1/store/orders HTTP/1.1\r\nhost: x\r\naccept: */*\r\n\r\n');
    const plain = 'POST /v1/store/orders HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\n\r\n';
    expect(omitEmptyLength(plain)).toBe(plain);
    // A marker in content, after the head, is content.
    const body = `GET / HTTP/1.1\r\nhost: x\r\n\r\n\r\n${OMIT_LENGTH_MARKER}: 1\r\n`;
    expect(omitEmptyLength(body)).toBe(body);
  });

  it('goes on the wire with no Content-Length and no marker; without the marker undici sends length 0', async () => {
    const agent = newAgent(SETTINGS, KEEP);
    try {
      for (const method of ['POST', 'PUT', 'PATCH'] as const) {
        const res = await request(`${origin}/v1/store/orders`, {
          method,
          headers: { accept: 'application/json', [OMIT_LENGTH_MARKER]: '1' },
          dispatcher: agent,
        });
        await res.body.dump();
        expect(res.statusCode).toBe(204);
      }
      const res = await request(`${origin}/v1/store/orders`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        dispatcher: agent,
      });
      await res.body.dump();
    } finally {
      await agent.close();
    }
    expect(heads.map((h) => h.split('\r\n')[0])).toEqual([
      'POST /v1/store/orders HTTP/1.1',
      'PUT /v1/store/orders HTTP/1.1',
      'PATCH /v1/store/orders HTTP/1.1',
      'POST /v1/store/orders HTTP/1.1',
    ]);
    for (const h of heads.slice(0, 3)) {
      expect(h.toLowerCase()).not.toContain('content-length');
      expect(h).not.toContain(OMIT_LENGTH_MARKER);
      expect(h).toContain('accept: application/json\r\n');
      expect(h.endsWith('\r\n\r\n')).toBe(true);
    }
    expect(heads[3]!.toLowerCase()).toContain('content-length: 0\r\n');
  });
});

// The transport on a real loopback server: the request line it sends for the odd paths the checks send (as
// undici's own request() would), and, from a raw socket, what undici alone refuses: interim 1xx responses
// (skipped to the final one), header sections over the cap (named as such), a parser's refusal.
import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer, type Server as NetServer } from 'node:net';
import * as undici from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { responseHead } from './interim.ts';
import { MALFORMED } from './malformed.ts';
import { newAgent, request } from './transport.ts';

let server: Server;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const PATHS = [
  '/v1/store/orders/7',
  '/v1/store/orders/%2e%2e',
  '/v1/store/orders/../orders/7',
  '/v1/store/orders/./7',
  '/v1//store/orders/007',
  '/v1/store/orders/%2B7?limit=1&offset=1&status=pending',
  '/v1/store/orders/9223372036854775808?api_key=a%2Fb',
];

const SETTINGS = { timeoutMs: 2000, maxResponseBytes: 1 << 20, maxHeaderBytes: 4096 };
const KEEP = { keepAliveTimeout: 4000, keepAliveTimeoutThreshold: 2000, keepAliveMaxTimeout: 600_000 };

describe('transport', () => {
  it('sends each request line, method and headers as undici’s own request() does', async () => {
    const ours = newAgent(SETTINGS, KEEP);
    const theirs = new undici.Agent();
    try {
      expect(PATHS.length).toBeGreaterThan(0);
      for (const path of PATHS) {
        const a = await request(`${origin}${path}`, {
          method: 'DELETE',
          headers: { authorization: ['Bearer a', 'Bearer b'] },
          dispatcher: ours,
        });
        expect(await a.body.text()).toBe('ok');
        const b = await undici.request(`${origin}${path}`, {
          method: 'DELETE',
          headers: { authorization: ['Bearer a', 'Bearer b'] },
          dispatcher: theirs,
        });
        expect(await b.body.text()).toBe('ok');
        const [x, y] = seen.splice(0);
        expect(x, path).toBe(y);
      }
    } finally {
      await Promise.all([ours.close(), theirs.close()]);
    }
  });
});

/** A raw server that answers every request with `text`, on one connection or several. */
const raw: NetServer[] = [];
afterEach(async () => {
  await Promise.all(raw.splice(0).map((s) => new Promise((r) => s.close(r))));
});
async function answering(text: (n: number) => string): Promise<string> {
  let n = 0;
  const s = createServer((socket) => {
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      while (pending.includes('\r\n\r\n')) {
        pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
        // Written in small pieces: an interim head may arrive split anywhere.
        const bytes = Buffer.from(text(++n), 'latin1');
        for (let i = 0; i < bytes.length; i += 7) socket.write(bytes.subarray(i, i + 7));
      }
    });
  });
  raw.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1/store/orders`;
}

async function get(url: string, interim: number[] = []) {
  const agent = newAgent({ ...SETTINGS, onInterim: (s) => interim.push(s) }, KEEP);
  try {
    const res = await request(url, { method: 'GET', headers: {}, dispatcher: agent });
    return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
  } finally {
    await agent.close();
  }
}

const OK = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]';

describe('interim responses and header caps', () => {
  it('skips an unsolicited 100 Continue, a 102 and a 103 to the final response (RFC 9110 §15.2)', async () => {
    const interim: number[] = [];
    const url = await answering(
      () =>
        `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\nx: 1\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n${OK}`,
    );
    expect(await get(url, interim)).toMatchObject({ status: 200, body: '[]' });
    expect(interim).toEqual([100, 102, 103]);
  });

  it('keeps skipping on a reused connection, request after request', async () => {
    const url = await answering((n) => (n % 2 === 0 ? `HTTP/1.1 100 Continue\r\n\r\n${OK}` : OK));
    const agent = newAgent(SETTINGS, KEEP);
    try {
      for (let i = 0; i < 4; i++) {
        const res = await request(url, { method: 'GET', headers: {}, dispatcher: agent });
        expect(res.statusCode).toBe(200);
        expect(await res.body.text()).toBe('[]');
      }
    } finally {
      await agent.close();
    }
  });

  it('refuses a header section over the cap as an overflow, and a control byte as a parse error', async () => {
    const big = await answering(
      () => `HTTP/1.1 200 OK\r\nx-a: ${'b'.repeat(8192)}\r\ncontent-length: 0\r\n\r\n`,
    );
    await expect(get(big)).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_OVERFLOW' });
    const bad = await answering(() => 'HTTP/1.1 200 OK\r\nx-a: a\x1bb\r\ncontent-length: 0\r\n\r\n');
    await expect(get(bad)).rejects.toMatchObject({ name: 'HTTPParserError' });
  });

  it('tells an interim head from anything else by its first bytes, and reads a final head whole', () => {
    const b = (s: string) => Buffer.from(s, 'latin1');
    expect(responseHead(b('HTTP/1.1 1'), 100)).toBe('more');
    expect(responseHead(b('HTTP/1.1 200 OK\r\n'), 100)).toBe('more');
    expect(responseHead(b('HTTP/1.1 200 OK\r\n\r\n[]'), 100)).toBe('final');
    expect(responseHead(b(`HTTP/1.1 200 OK\r\nx: ${'a'.repeat(1600)}`), 100)).toBe('final');
    expect(responseHead(b('HTTP/1.1 101 Switching\r\n\r\n'), 100)).toMatchObject({ malformed: /101/ });
    expect(responseHead(b('HTTP/1.1 100 Continue\r\n'), 100)).toBe('more');
    expect(responseHead(b('HTTP/1.1 100 Continue\r\n\r\nHTTP'), 100)).toEqual({ length: 25, status: 100 });
    expect(responseHead(b(`HTTP/1.1 100 Continue\r\nx: ${'a'.repeat(1600)}`), 100)).toBe('final');
    expect(responseHead(b('garbage'), 100)).toBe('final');
  });

  it('ends an answer undici cannot read for what it is with an error that names it in HTTP terms', async () => {
    const cases: Array<[string, RegExp]> = [
      ['HTTP/1.1 000 X\r\ncontent-length: 2\r\n\r\n[]', /status line says 000, which is no HTTP status code/],
      [
        'HTTP/1.1 101 Switching Protocols\r\n\r\n',
        /101 Switching Protocols to a request that asked for no upgrade/,
      ],
      [
        'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n',
        /101 Switching Protocols/,
      ],
      [
        'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n',
        /both Content-Length and Transfer-Encoding/,
      ],
      [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n[]\r\n0\r\n\r\n',
        /both Content-Length and Transfer-Encoding/,
      ],
    ];
    expect(cases.length).toBeGreaterThan(0);
    for (const [text, message] of cases) {
      const url = await answering(() => text);
      const error = await get(url).then(
        () => undefined,
        (e: unknown) => e as { code?: string; message: string },
      );
      expect(error, text).toMatchObject({ code: MALFORMED, message });
      expect(error!.message).not.toMatch(/assert|falsy|bad upgrade|UND_ERR/);
    }
  });
});

// HTTP-REQUEST-BODY-FRAMING on real exchanges: the pair sent by the real client to tiny loopback servers (one
// that never reads content, one that refuses it and closes, one that refuses it and keeps the connection, a
// conformant one), each judged as the check judges it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../lib/http/client.ts';
import { Pacer } from '../../lib/http/pacer.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { Transcript } from '../../lib/http/transcript.ts';
import { PROBE_CONTENT, sendPair } from './request-body.ts';
import { judgePair } from './request-body-judge.ts';

const KEY = 'osk_request_body_test_key_0123';
const servers: Array<Server | NetServer> = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      if ('closeAllConnections' in s) s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

const baseOf = (s: Server | NetServer) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;

async function listen<S extends Server | NetServer>(server: S): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return baseOf(server);
}

/** A node:http server; `refuse` answers a request that carries content (node reads the content itself). */
function serve(refuse?: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  return listen(
    createServer((req, res) => {
      if (refuse && Number(req.headers['content-length'] ?? 0) > 0) return refuse(req, res);
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    }),
  );
}

/**
 * A hand-written server that never reads content: each request head is read from where the last head ended,
 * a valid request line answered 200 on a kept connection, anything else 400 and closed.
 */
function misframing(): Promise<string> {
  return listen(
    createNetServer((socket) => {
      let buffer = '';
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('latin1');
        for (let i = 0; i < 8; i++) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end === -1) return;
          const line = buffer.slice(0, buffer.indexOf('\r\n'));
          buffer = buffer.slice(end + 4);
          if (!/^[A-Z]+ \S+ HTTP\/1\.1$/.test(line)) {
            socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
            return;
          }
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]');
        }
      });
    }),
  );
}

/** The plain GET of the list on a fresh connection, then the pair, judged. */
async function probe(baseUrl: string) {
  const transcript = new Transcript();
  const http = new HttpClient({
    baseUrl,
    apiKey: KEY,
    allowKeyInUrl: false,
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests: 20, maxWaitMs: 10_000 }),
    transcript,
    redactor: new Redactor(),
  });
  try {
    const reference = (await http.send({ method: 'GET', path: '/store/orders', freshConnection: true }))
      .exchange;
    const pair = { reference, ...(await sendPair(http, transcript, async () => undefined)) };
    return { pair, verdict: judgePair(pair), transcript };
  } finally {
    await http.close();
  }
}

describe('HTTP-REQUEST-BODY-FRAMING', () => {
  it('fails a server that reads the content as the next request, with both requests recorded redacted', async () => {
    const { pair, verdict, transcript } = await probe(await misframing());
    expect(pair.reused).toBe(true);
    expect(verdict.kind).toBe('fail');
    expect(verdict.kind === 'fail' && verdict.message).toMatch(
      /was answered 200 on a connection the server kept open; the next request on it, #3 GET \/v1\/store\/orders with no content, was answered 400, where the same request on another connection was answered 200 \(#1/,
    );
    const [, first, next] = transcript.all();
    expect(first?.request.headers['content-length']).toBe(String(PROBE_CONTENT.length));
    expect(first?.request.content).toBe(PROBE_CONTENT);
    expect(first?.request.headers.authorization).toBe('Bearer $ORDER_STORE_API_KEY');
    expect(next?.request.headers['content-length']).toBeUndefined();
    expect(JSON.stringify(transcript.all())).not.toContain(KEY);
  });

  it('passes a server that refuses the content and closes, saying so', async () => {
    const { pair, verdict } = await probe(
      await serve((_req, res) => {
        res.writeHead(400, { connection: 'close', 'content-type': 'application/json' });
        res.end('{"code":"BAD_REQUEST","message":"no content here","status":400}');
      }),
    );
    expect(pair.next).toBeUndefined();
    expect(verdict).toMatchObject({ kind: 'pass' });
    expect(verdict.kind === 'pass' && verdict.message).toMatch(
      /was answered 400 \(a refusal of content a GET gives no meaning: allowed\), and the server closed the connection after it/,
    );
  });

  it('judges the next request when a server refuses the content and keeps the connection', async () => {
    const { pair, verdict } = await probe(
      await serve((_req, res) => {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end('{"code":"TOO_LARGE","message":"no content here","status":413}');
      }),
    );
    expect(pair.reused).toBe(true);
    expect(pair.first.exchange.response?.status).toBe(413);
    expect(verdict.kind === 'pass' && verdict.message).toMatch(
      /was answered 413 .* on a connection the server kept open; the next request on it, #3 GET \/v1\/store\/orders with no content, was answered 200, as the same request on another connection/,
    );
  });

  it('passes a conformant server on one kept connection', async () => {
    const { pair, verdict } = await probe(await serve());
    expect(pair.reused).toBe(true);
    expect(verdict).toMatchObject({ kind: 'pass' });
    expect(verdict.kind === 'pass' && verdict.judged.length).toBe(2);
  });
});

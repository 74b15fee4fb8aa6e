// The request() built from undici's own modules sends what undici's index would, on a real loopback server,
// for the odd paths the checks send (dot segments, escapes, empty segments, a query).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from './undici-parts.ts';

let server: Server;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
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

describe('undici parts', () => {
  it('sends each request line, method and headers as undici’s own request() does', async () => {
    const ours = new Agent();
    const theirs = new undici.Agent();
    try {
      for (const path of PATHS) {
        for (const [send, dispatcher] of [
          [request, ours],
          [undici.request, theirs],
        ] as const) {
          const res = await send(`${origin}${path}`, {
            method: 'DELETE',
            headers: { authorization: ['Bearer a', 'Bearer b'] },
            dispatcher,
          });
          expect(await res.body.text()).toBe('ok');
        }
        const [a, b] = seen.splice(0);
        expect(a, path).toBe(b);
      }
    } finally {
      await Promise.all([ours.close(), theirs.close()]);
    }
  });
});

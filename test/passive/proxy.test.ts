// The recording proxy forwards every request unchanged and never answers for the target: any method, the
// headers as sent (two Authorization lines, their case), the path as sent, bodies streamed both ways (each
// chunk reaches the other side before the next is written), keep-alive, TLS to the target; a target that is
// down cuts the client's connection instead of an answer of the proxy's own.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../engine/proxy.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { ROOT } from '../support/cli.ts';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function listen(server: http.Server | https.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => new Promise((r) => server.close(r)));
  return (server.address() as AddressInfo).port;
}

async function proxyTo(target: string, tls?: { ca: Buffer }) {
  const entries: RecordedEntry[] = [];
  const proxy = await startProxy({
    target,
    host: '127.0.0.1',
    port: 0,
    maxResponseBytes: 1 << 20,
    onExchange: (e) => entries.push(e),
    ...(tls ? { tls } : {}),
  });
  closers.push(() => proxy.close(100));
  return { proxy, entries };
}

/** Resolves the next time `emit` is called: one side tells the other it has a chunk. */
function signal() {
  let fire: () => void = () => {};
  const fired = new Promise<void>((r) => {
    fire = r;
  });
  return { fire: () => fire(), fired };
}

describe('the recording proxy', () => {
  it('forwards method, path, headers and body as sent, and the answer as received', async () => {
    let seen: { method?: string; url?: string; raw: string[]; body: string } = { raw: [], body: '' };
    const upstream = http.createServer(async (req, res) => {
      let body = '';
      for await (const c of req) body += c;
      seen = { method: req.method, url: req.url, raw: req.rawHeaders, body };
      res.sendDate = false;
      res.writeHead(207, 'Multi', [
        'X-RateLimit-Limit',
        '60',
        'x-ratelimit-limit',
        '61',
        'Content-Type',
        'text/plain',
      ]);
      res.end('answer');
    });
    const port = await listen(upstream);
    const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`);
    const res = await request(`${proxy.url}/v1//store/orders/%37?x=1`, {
      method: 'PATCH',
      headers: [
        ['Authorization', 'Bearer one'],
        ['authorization', 'Bearer two'],
        ['X-Odd', 'a'],
      ].flat(),
      body: 'sent',
    });
    expect(res.statusCode).toBe(207);
    expect(await res.body.text()).toBe('answer');
    // The repeated field reaches the client as the target sent it, and nothing was added (no Date).
    expect(res.headers['x-ratelimit-limit']).toEqual(['60', '61']);
    expect(res.headers.date).toBeUndefined();
    expect(seen.method).toBe('PATCH');
    expect(seen.url).toBe('/v1//store/orders/%37?x=1');
    expect(seen.body).toBe('sent');
    const pairs = [];
    for (let i = 0; i < seen.raw.length; i += 2) pairs.push(`${seen.raw[i]}: ${seen.raw[i + 1]}`);
    expect(pairs).toEqual(
      expect.arrayContaining(['Authorization: Bearer one', 'authorization: Bearer two', 'X-Odd: a']),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'PATCH',
      url: `http://127.0.0.1:${port}/v1//store/orders/%37?x=1`,
      status: 207,
      bodyWhole: true,
      ours: { framed: true },
    });
    expect(entries[0]!.requestHeaders.filter(([n]) => n === 'authorization')).toHaveLength(2);
    expect(entries[0]!.body!.toString()).toBe('answer');
  });

  it('streams both ways: each chunk reaches the other side before the next is written', async () => {
    const up = signal();
    const down = signal();
    const upstream = http.createServer((req, res) => {
      req.once('data', () => up.fire());
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write('first');
      // The second chunk only once the client has the first: a proxy that buffered would never deliver it.
      void down.fired.then(() => res.end('second'));
      req.resume();
    });
    const port = await listen(upstream);
    const { proxy } = await proxyTo(`http://127.0.0.1:${port}`);
    const client = http.request(`${proxy.url}/upload`, { method: 'POST' });
    client.write('chunk one');
    // The request's first chunk reached the target before the request ended.
    await up.fired;
    client.end('chunk two');
    const [res] = (await once(client, 'response')) as [http.IncomingMessage];
    const chunks: string[] = [];
    for await (const c of res) {
      chunks.push(String(c));
      down.fire();
    }
    expect(chunks.join('')).toBe('firstsecond');
  });

  it('keeps connections alive both ways, and forwards to a TLS target', async () => {
    const cert = readFileSync(join(ROOT, 'targets/node-http/tls/cert.pem'));
    const key = readFileSync(join(ROOT, 'targets/node-http/tls/key.pem'));
    let upstreamConnections = 0;
    const upstream = https.createServer({ cert, key }, (_req, res) => res.end('tls'));
    upstream.on('secureConnection', () => upstreamConnections++);
    const port = await listen(upstream);
    const { proxy, entries } = await proxyTo(`https://127.0.0.1:${port}`, { ca: cert });
    const one = new Agent({ connections: 1 });
    closers.push(() => one.close());
    for (let i = 0; i < 3; i++) {
      const res = await request(`${proxy.url}/v1/store/orders`, { dispatcher: one });
      expect(await res.body.text()).toBe('tls');
    }
    expect(entries).toHaveLength(3);
    expect(proxy.connections()).toBe(1);
    expect(upstreamConnections).toBe(1);
    expect(entries.every((e) => e.url.startsWith(`https://127.0.0.1:${port}/`))).toBe(true);
  });

  it('never answers for a target that is down: the client’s connection is cut, and the exchange recorded', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`);
    await expect(request(`${proxy.url}/v1/store/orders`)).rejects.toThrow(/other side closed|socket|reset/i);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 0, ours: { error: { code: 'ECONNREFUSED' } } });
  });
});

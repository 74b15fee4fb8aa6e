// The recording proxy under a hostile client (issue 40): request targets that are not origin-form, an exchange
// the proxy cannot relay, concurrent large lists against one memory budget, half-open connections, a client
// that hangs up mid-body, and Proxy-Authorization. Each ends that exchange only, and none is the target's.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeEntries } from '../../engine/judge-traffic.ts';
import { startProxy } from '../../engine/proxy.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function listen(server: http.Server | net.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(
    () =>
      new Promise((r) => {
        if (server instanceof http.Server) server.closeAllConnections();
        server.close(r);
      }),
  );
  return (server.address() as net.AddressInfo).port;
}

async function proxyTo(target: string, more: Partial<Parameters<typeof startProxy>[0]> = {}) {
  const entries: RecordedEntry[] = [];
  const proxy = await startProxy({
    target,
    host: '127.0.0.1',
    port: 0,
    maxResponseBytes: 1 << 20,
    onExchange: (e) => entries.push(e),
    ...more,
  });
  closers.push(() => proxy.close(100));
  return { proxy, entries, port: Number(new URL(proxy.url).port) };
}

/** Sends raw bytes to the proxy and reads until it closes (bounded): what a client would receive. */
async function raw(port: number, text: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => {});
  socket.write(text);
  const timer = setTimeout(() => socket.destroy(), 5000);
  await once(socket, 'close');
  clearTimeout(timer);
  return Buffer.concat(chunks).toString('latin1');
}

/** A server that counts what reaches it and answers a small list. */
async function counting() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end('[]');
  });
  return { seen, port: await listen(server) };
}

const judgeConfig = () => loadTrafficConfig([], 'judge', { settings: {} });

describe('the recording proxy, against a hostile client', () => {
  it('answers 400 to every request target not in origin-form, forwards it nowhere, and keeps serving', async () => {
    const target = await counting();
    const other = await counting();
    const { proxy, entries, port } = await proxyTo(`http://127.0.0.1:${target.port}`);
    const forms = [
      `GET http://127.0.0.1:${other.port}/v1/store/orders HTTP/1.1`,
      `GET http://127.0.0.1:${target.port}@127.0.0.1:${other.port}/v1/store/orders HTTP/1.1`,
      `GET http://127.0.0.1:${target.port}/v1/store/orders HTTP/1.1`,
      'OPTIONS * HTTP/1.1',
    ];
    const connect = await raw(port, `CONNECT 127.0.0.1:${other.port} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(connect).toMatch(/^HTTP\/1\.1 400 /);
    for (const line of forms) {
      const answer = await raw(port, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer, line).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(other.seen).toEqual([]);
    expect(target.seen).toEqual([]);
    expect(entries).toHaveLength(forms.length);
    for (const e of entries)
      expect(e).toMatchObject({ status: 400, ours: { answeredByProxy: expect.any(String) } });
    // The proxy is still there, and an origin-form request goes to the target as before.
    const res = await request(`${proxy.url}/v1/store/orders`);
    expect(res.statusCode).toBe(200);
    await res.body.text();
    expect(target.seen).toEqual(['GET /v1/store/orders']);
    // What the proxy answered itself is the client's: it is never judged as the target's.
    const j = await judgeEntries(entries, judgeConfig());
    expect(j.base.entries).toHaveLength(1);
    expect(j.base.leftOut).toBe(forms.length);
  });

  it('an exchange it cannot relay is answered 502 by the proxy, recorded as its own, and the next is served', async () => {
    // A reason phrase with a control byte: the proxy's HTTP stack refuses to write it back to the client.
    const target = net.createServer((c) => {
      c.on('error', () => {});
      c.on('data', (d: Buffer) => {
        const bad = d.toString('latin1').startsWith('GET /bad');
        c.write(`HTTP/1.1 200 ${bad ? 'O\x01K' : 'OK'}\r\nContent-Length: 2\r\n\r\nok`);
      });
    });
    const port = await listen(target);
    const errors: string[] = [];
    const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`, {
      onInternalError: (code) => errors.push(code),
    });
    const bad = await request(`${proxy.url}/bad`);
    expect(bad.statusCode).toBe(502);
    expect(await bad.body.text()).toMatch(/order-store-conformance proxy/);
    const good = await request(`${proxy.url}/good`);
    expect(good.statusCode).toBe(200);
    expect(await good.body.text()).toBe('ok');
    expect(errors).toEqual(['ERR_INVALID_CHAR']);
    expect(entries[0]).toMatchObject({
      status: 502,
      ours: { answeredByProxy: expect.stringMatching(/internal/) },
    });
    expect(entries[1]).toMatchObject({ status: 200, bodyWhole: true });
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])(
    'keeps list bodies %s within one budget for all in flight; the rest is forwarded whole, cut by us',
    async (_, sized) => {
      const size = 700 * 1024;
      const body = Buffer.alloc(size, 0x20);
      body[0] = 0x5b;
      body[size - 1] = 0x5d;
      const lists = 4;
      const waiting: http.ServerResponse[] = [];
      const upstream = http.createServer((_req, res) => {
        waiting.push(res);
        // Every list is under way before any is answered: they are all in flight at once.
        if (waiting.length === lists)
          for (const r of waiting) {
            r.writeHead(200, {
              'content-type': 'application/json',
              ...(sized ? { 'content-length': size } : {}),
            });
            for (let at = 0; at < size; at += 64 * 1024) r.write(body.subarray(at, at + 64 * 1024));
            r.end();
          }
      });
      const port = await listen(upstream);
      const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`, { maxResponseBytes: 1 << 20 });
      const got = await Promise.all(
        Array.from({ length: lists }, async () => {
          const res = await request(`${proxy.url}/v1/store/orders`);
          return (await res.body.arrayBuffer()).byteLength;
        }),
      );
      expect(got).toEqual(Array(lists).fill(size));
      expect(entries).toHaveLength(lists);
      const kept = entries.reduce((n, e) => n + (e.body?.length ?? 0), 0);
      // The lists' 1 MiB budget, and each list's first 64 KiB: never each list whole (2.8 MiB).
      expect(kept).toBeLessThanOrEqual((1 << 20) + lists * 64 * 1024);
      const cut = entries.filter((e) => !e.bodyWhole);
      expect(cut.length).toBeGreaterThan(0);
      for (const e of cut) {
        expect(e.ours.bodyError).toBeUndefined();
        expect(e.ours.cutBy).toMatch(/budget/);
        expect(e.bodyBytes).toBe(size);
      }
      // Told its length, the proxy keeps whole the lists that fit, rather than a useless part of each.
      if (sized) expect(entries.filter((e) => e.bodyWhole)).toHaveLength(1);
    },
  );

  it('closes half-open connections at its headers timeout', async () => {
    const target = await counting();
    const { proxy, port } = await proxyTo(`http://127.0.0.1:${target.port}`, { headersTimeoutMs: 300 });
    const sockets = ['', 'GET /v1/store/orders HTTP/1.1\r\nHost: x\r\n', 'GE'].map((first) => {
      const s = net.connect(port, '127.0.0.1', () => s.write(first));
      s.on('error', () => {});
      // Read what comes (the 408): a paused socket never sees the end of the connection.
      s.resume();
      return s;
    });
    closers.push(async () => {
      for (const s of sockets) s.destroy();
    });
    const closed = await Promise.race([
      Promise.all(sockets.map((s) => new Promise((r) => s.once('close', r)))).then(() => true),
      new Promise((r) => setTimeout(() => r(false), 10_000)),
    ]);
    expect(closed).toBe(true);
    expect(target.seen).toEqual([]);
    const res = await request(`${proxy.url}/v1/store/orders`);
    expect(res.statusCode).toBe(200);
    await res.body.text();
  });

  it('holds no more connections than its cap', async () => {
    const target = await counting();
    const { port } = await proxyTo(`http://127.0.0.1:${target.port}`, {
      maxConnections: 4,
      headersTimeoutMs: 60_000,
    });
    const sockets = Array.from({ length: 12 }, () => {
      const s = net.connect(port, '127.0.0.1', () => s.write('GET /v1/store/orders HTTP/1.1\r\n'));
      s.on('error', () => {});
      s.resume();
      return s;
    });
    closers.push(async () => {
      for (const s of sockets) s.destroy();
    });
    const open = () => sockets.filter((s) => !s.closed).length;
    for (let i = 0; i < 200 && open() > 4; i++) await new Promise((r) => setTimeout(r, 25));
    expect(open()).toBe(4);
  });

  it('records a client that hangs up mid-body as the client’s, and judges nothing of the target by it', async () => {
    let cut: () => void = () => {};
    const hungUp = new Promise<void>((r) => {
      cut = r;
    });
    const upstream = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 });
      res.write('[{"id":1}');
      // The rest only once the client has gone: the target did nothing wrong.
      void hungUp.then(() => setTimeout(() => res.end(' '.repeat(4096 - 10).concat(']')), 50));
    });
    const port = await listen(upstream);
    const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`);
    const client = http.get(`${proxy.url}/v1/store/orders`);
    client.on('error', () => {});
    const [res] = (await once(client, 'response')) as [http.IncomingMessage];
    await once(res, 'data');
    client.destroy();
    cut();
    for (let i = 0; i < 200 && entries.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 200,
      bodyWhole: false,
      ours: { cutBy: expect.stringMatching(/client/) },
    });
    expect(entries[0]!.ours.bodyError).toBeUndefined();
    const j = await judgeEntries(entries, judgeConfig());
    for (const id of ['HTTP-FRAMING', 'LIST-BODY-ARRAY'])
      expect(j.results.find((r) => r.id === id)?.status, id).not.toBe('fail');
  });

  it('keeps Proxy-Authorization and Proxy-Authenticate on their own hop', async () => {
    let seen: string[] = [];
    const upstream = http.createServer((req, res) => {
      seen = req.rawHeaders;
      res.writeHead(200, { 'proxy-authenticate': 'Basic realm="upstream"', 'content-type': 'text/plain' });
      res.end('ok');
    });
    const port = await listen(upstream);
    const { proxy, entries } = await proxyTo(`http://127.0.0.1:${port}`);
    const res = await request(`${proxy.url}/v1/store/orders`, {
      headers: { 'proxy-authorization': 'Basic cHJveHk6c2VjcmV0LXByb3h5', authorization: 'Bearer kept' },
    });
    await res.body.text();
    expect(res.headers['proxy-authenticate']).toBeUndefined();
    expect(seen.map((h) => h.toLowerCase())).not.toContain('proxy-authorization');
    expect(seen).toContain('Bearer kept');
    expect(entries[0]!.requestHeaders.map(([n]) => n)).not.toContain('proxy-authorization');
    expect(entries[0]!.responseHeaders.map(([n]) => n)).not.toContain('proxy-authenticate');
  });
});

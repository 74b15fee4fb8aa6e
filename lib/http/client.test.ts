// The HTTP client against real loopback servers: what it records, what it never does (follow a
// redirect, leak the key, read past the size cap, wait forever), and how it honours a 429.
import { describe, expect, it } from 'vitest';
import { loopbackServers } from '../../test/support/loopback-servers.ts';
import { HttpClient, MAX_INTERIM_KEPT } from './client.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';
import { rawOf, Transcript } from './transcript.ts';

const KEY = 'osk_client_test_key_0123456789';
const { serve } = loopbackServers();

function client(
  baseUrl: string,
  overrides: { timeoutMs?: number; maxResponseBytes?: number; allowKeyInUrl?: boolean } = {},
) {
  const transcript = new Transcript();
  const http = new HttpClient({
    baseUrl,
    apiKey: KEY,
    allowKeyInUrl: overrides.allowKeyInUrl ?? false,
    timeoutMs: overrides.timeoutMs ?? 5000,
    maxResponseBytes: overrides.maxResponseBytes ?? 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests: 20, maxWaitMs: 10_000 }),
    transcript,
    redactor: new Redactor(),
  });
  return { http, transcript };
}

describe('HttpClient', () => {
  it('sends the bearer key, reads bodies exactly and records the exchange redacted', async () => {
    let seenAuth: string | undefined;
    const base = await serve((req, res) => {
      seenAuth = req.headers.authorization;
      res.setHeader('x-echo', `you sent ${req.headers.authorization}`);
      res.setHeader('content-type', 'application/json');
      res.end(`{"id":9007199254740993,"echo":"${KEY}"}`);
    });
    const { http, transcript } = client(base);
    http.currentCheckId = 'TEST-ONE';
    const res = await http.send({ method: 'GET', path: '/store/orders' });
    expect(seenAuth).toBe(`Bearer ${KEY}`);
    expect(res.json()).toEqual({ ok: true, value: { id: 9007199254740993n, echo: KEY } });
    const [x] = transcript.all();
    expect(x?.checkId).toBe('TEST-ONE');
    expect(x?.request.headers.authorization).toBe('Bearer $ORDER_STORE_API_KEY');
    expect(JSON.stringify(x)).not.toContain(KEY);
    expect(x?.response?.body).toBe('{"id":9007199254740993,"echo":"$ORDER_STORE_API_KEY"}');
    // What checks judge is what was received; only what is written is redacted.
    expect(rawOf(x!.response!).body).toBe(`{"id":9007199254740993,"echo":"${KEY}"}`);
    expect(JSON.stringify({ ...x!.response! })).not.toContain(KEY);
  });

  it('never follows a redirect, so the key never reaches another origin', async () => {
    let elsewhere = 0;
    const other = await serve((_req, res) => {
      elsewhere++;
      res.end('{}');
    });
    const base = await serve((_req, res) => {
      res.writeHead(302, { location: `${other}/store/orders` });
      res.end();
    });
    const res = await client(base).http.send({ method: 'GET', path: '/store/orders' });
    expect(res.status).toBe(302);
    expect(elsewhere).toBe(0);
  });

  it('stops reading at the response size cap: an error of the harness naming the setting, not a body', async () => {
    const base = await serve((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(`[${'1,'.repeat(50_000)}1]`);
    });
    const { http, transcript } = client(base, { maxResponseBytes: 4096 });
    const sent = http.send({ method: 'GET', path: '/store/orders' });
    await expect(sent).rejects.toMatchObject({ code: 'E_RESPONSE_TOO_LARGE', setting: 'maxResponseBytes' });
    await expect(sent).rejects.toThrow(/4096 bytes.*raise ⟦setting:maxResponseBytes⟧/);
    const recorded = transcript.all()[0]?.response;
    expect(recorded?.status).toBe(200);
    expect(recorded?.bodyTruncated).toBe(true);
    expect(recorded?.bodyError?.code).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
  });

  it('gives up on a silent server after its own timeout, not undici’s 300 s, and names the setting', async () => {
    const base = await serve(() => {
      /* never answers */
    });
    // Ending at all within the test's timeout shows it is not undici's 300 s.
    await expect(
      client(base, { timeoutMs: 300 }).http.send({ method: 'GET', path: '/store/orders' }),
    ).rejects.toMatchObject({
      code: 'E_TIMEOUT',
      message: expect.stringMatching(/GET .*raise ⟦setting:timeoutMs⟧/),
    });
  });

  it('requests sent together that stall together count as one stall: the run goes on sending', async () => {
    let seen = 0;
    const base = await serve((_req, res) => {
      seen += 1;
      // The first is answered (the target is there); those after it stall.
      if (seen === 1) res.end('[]');
    });
    const { http } = client(base, { timeoutMs: 300 });
    await http.send({ method: 'GET', path: '/store/orders' });
    const together = await Promise.allSettled(
      [1, 2, 3, 4].map((n) => http.send({ method: 'DELETE', path: `/store/orders/${n}` })),
    );
    expect(together.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    // Counted as one timeout, not four: the next cancel is still sent (it reaches the server), and times out.
    await expect(http.send({ method: 'DELETE', path: '/store/orders/5' })).rejects.toMatchObject({
      code: 'E_TIMEOUT',
    });
    expect(seen).toBe(6);
  });

  it('a body that stalls past the timeout is an error of the harness, recorded with its status', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":1},');
      /* the rest never comes */
    });
    const { http, transcript } = client(base, { timeoutMs: 300 });
    await expect(http.send({ method: 'GET', path: '/store/orders' })).rejects.toMatchObject({
      code: 'E_TIMEOUT',
      message: expect.stringMatching(/raise ⟦setting:timeoutMs⟧/),
    });
    expect(transcript.all()[0]?.response?.status).toBe(200);
  });

  it('a body that trickles (never stalling) still ends at the exchange deadline', async () => {
    const timers: NodeJS.Timeout[] = [];
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      timers.push(setInterval(() => res.write(' '), 50));
    });
    const { http } = client(base, { timeoutMs: 200 });
    // The message names what ended it: the exchange's deadline, which the trickle never resets.
    await expect(http.send({ method: 'GET', path: '/store/orders' })).rejects.toMatchObject({
      code: 'E_TIMEOUT',
      message: expect.stringMatching(/deadline of 600 ms/),
    });
    for (const t of timers) clearInterval(t);
  });

  it('records a 204 framed with content as a finding, not a crash', async () => {
    const base = await serve((req) => {
      req.socket.end(
        'HTTP/1.1 204 No Content\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"id":1234}\n',
      );
    });
    const res = await client(base).http.send({ method: 'DELETE', path: '/store/orders/1' });
    expect(res.status).toBe(204);
    expect(res.headers['content-length']).toBe('12');
    expect(res.bodyError?.code).toBe('UND_ERR_RES_CONTENT_LENGTH_MISMATCH');
  });

  it('after a 429 waits out Retry-After before sending again, once', async () => {
    const arrivals: number[] = [];
    const base = await serve((_req, res) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        res.end('{"code":"RATE_LIMITED","message":"slow down","status":429}');
      } else res.end('[]');
    });
    const { http, transcript } = client(base);
    const res = await http.send({ method: 'GET', path: '/store/orders' });
    expect(res.status).toBe(200);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1000);
    expect(transcript.all().map((x) => x.response?.status)).toEqual([429, 200]);
  });

  it('sends the key only where asked: query, Basic, none, its scheme and spacing as asked', async () => {
    const seen: Array<{ url?: string; auth?: string }> = [];
    const base = await serve((req, res) => {
      seen.push({ url: req.url, auth: req.headers.authorization });
      res.end('{}');
    });
    // The live key in a URL only on opt-in, a loopback target included (it may be a tunnel).
    await expect(
      client(base).http.send({
        method: 'GET',
        path: '/store/orders',
        auth: { kind: 'query', params: ['x'] },
      }),
    ).rejects.toThrow(/refused to put the API key in a URL without ⟦flag:allowKeyInUrl⟧/);
    const { http } = client(base, { allowKeyInUrl: true });
    await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'none' } });
    await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'query', params: ['api_key'] } });
    await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'basic' } });
    await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'key', scheme: 'bearer' } });
    await http.send({ method: 'GET', path: '/store/orders', auth: { kind: 'key', spaces: 2 } });
    expect(seen).toEqual([
      { url: '/v1/store/orders', auth: undefined },
      { url: `/v1/store/orders?api_key=${KEY}`, auth: undefined },
      { url: '/v1/store/orders', auth: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
      { url: '/v1/store/orders', auth: `bearer ${KEY}` },
      { url: '/v1/store/orders', auth: `Bearer  ${KEY}` },
    ]);
  });

  it('puts the key in the named headers and cookies, with no Authorization, and records them redacted', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const base = await serve((req, res) => {
      seen.push(req.headers);
      res.end('{}');
    });
    const { http, transcript } = client(base);
    await http.send({
      method: 'GET',
      path: '/store/orders',
      auth: { kind: 'placed', headers: ['X-API-Key', 'Api-Key'], cookies: ['api_key', 'token'] },
    });
    expect(seen[0]).toMatchObject({
      'x-api-key': KEY,
      'api-key': KEY,
      cookie: `api_key=${KEY}; token=${KEY}`,
    });
    expect(seen[0]!.authorization).toBeUndefined();
    expect(JSON.stringify(transcript.all())).not.toContain(KEY);
    expect(transcript.all()[0]!.bucket).toBe('anonymous');
  });

  it('sends a path as written when asked, dot segments and all; URL parsing resolves them otherwise', async () => {
    const seen: Array<string | undefined> = [];
    const base = await serve((req, res) => {
      seen.push(req.url);
      res.end('{}');
    });
    const { http, transcript } = client(base);
    const path = '/store/./x/../orders//%2e/7/';
    await http.send({ method: 'GET', path, auth: { kind: 'none' }, verbatimPath: true });
    await http.send({ method: 'GET', path, auth: { kind: 'none' } });
    expect(seen).toEqual([`/v1${path}`, '/v1/store/orders//7/']);
    expect(transcript.all()[0]!.request.url).toBe(`${base}${path}`);
  });

  it('counts interim responses without keeping one object each: a few are kept as evidence', async () => {
    const base = await serve((_req, res) => {
      // Node's own server writes each of these as an unsolicited 100 Continue head.
      for (let i = 0; i < 5000; i++) res.writeContinue();
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    });
    const { http } = client(base);
    for (let i = 0; i < 2; i++)
      expect((await http.send({ method: 'GET', path: '/store/orders' })).status).toBe(200);
    expect(http.interimCount).toBe(10_000);
    expect(http.interimResponses).toHaveLength(MAX_INTERIM_KEPT);
    expect(new Set(http.interimResponses.map((r) => r.status))).toEqual(new Set([100]));
  });
});

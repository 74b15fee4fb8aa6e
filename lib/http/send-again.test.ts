// The client's second sending of a request the target closed with no answer (send-again.ts), against real
// loopback servers: sent once more on a connection of its own, the first error still thrown; never for a
// request answered, a non-idempotent method, a cancel by a plain id, or a connection refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loopbackServers } from '../../test/support/loopback-servers.ts';
import { HttpClient } from './client.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';
import { Transcript } from './transcript.ts';

const { serve } = loopbackServers();

function client(baseUrl: string, maxRequests = 20) {
  const transcript = new Transcript();
  const http = new HttpClient({
    baseUrl,
    apiKey: 'osk_send_again_test_key_0123456789',
    allowKeyInUrl: false,
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests, maxWaitMs: 10_000 }),
    transcript,
    redactor: new Redactor(),
  });
  return { http, transcript };
}

/** A server that destroys the socket of any request whose path holds a '.', and answers the rest 400. */
const dropsDotted = (req: IncomingMessage, res: ServerResponse) => {
  if (req.url?.includes('.')) req.socket.destroy();
  else res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
};

describe('a request the target closed with no answer', () => {
  it('is sent once more on a connection of its own, and the first error is still thrown', async () => {
    const { http, transcript } = client(await serve(dropsDotted));
    await http.send({ method: 'DELETE', path: '/store/orders/1x5' });
    const failed = await http.send({ method: 'DELETE', path: '/store/orders/1.5' }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'E_HTTP', mayHaveTakenEffect: true });
    const xs = transcript.all();
    expect(xs.map((x) => [x.request.method, x.response?.status ?? x.error?.code])).toEqual([
      ['DELETE', 400],
      ['DELETE', 'UND_ERR_SOCKET'],
      ['DELETE', 'UND_ERR_SOCKET'],
    ]);
    expect(xs[1]!.request.url).toBe(xs[2]!.request.url);
    expect(xs[1]!.mayHaveTakenEffect).toBe(true);
    await http.close();
  });

  it('is not sent again when the method is not idempotent, or the budget has no room', async () => {
    const base = await serve(dropsDotted);
    const post = client(base);
    await post.http.send({ method: 'POST', path: '/store/orders/1.5' }).catch(() => undefined);
    expect(post.transcript.size).toBe(1);
    await post.http.close();
    const spent = client(base, 1);
    await spent.http.send({ method: 'DELETE', path: '/store/orders/1.5' }).catch(() => undefined);
    expect(spent.transcript.size).toBe(1);
    await spent.http.close();
  });

  it('is not sent again when it cancels an order by a plain id (a fixture, maybe cancelled by the first)', async () => {
    const dropsAll = (req: IncomingMessage, res: ServerResponse) =>
      req.method === 'DELETE' ? req.socket.destroy() : res.writeHead(200).end('[]');
    const { http, transcript } = client(await serve(dropsAll));
    // Two: a third unanswered in a row stops the client (stopping.ts).
    for (const path of ['/store/orders/1002', '/store/orders/-9223372036854775808?x=1'])
      await http.send({ method: 'DELETE', path }).catch(() => undefined);
    expect(transcript.all().map((x) => x.error?.code)).toEqual(['UND_ERR_SOCKET', 'UND_ERR_SOCKET']);
    await http.send({ method: 'GET', path: '/store/orders' });
    expect(transcript.size).toBe(3);
    await http.close();
  });

  it('is not sent again when the connection was refused (nothing listens)', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const { http, transcript } = client(`http://127.0.0.1:${port}/v1`);
    const failed = await http.send({ method: 'DELETE', path: '/store/orders/1.5' }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'E_HTTP' });
    expect(transcript.all().map((x) => x.error?.code)).toEqual(['ECONNREFUSED']);
    await http.close();
  });
});

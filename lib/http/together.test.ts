// HttpClient.together against a real loopback server: requests sent at one moment, and a last one that waits
// for the first answer to the others, sent only when the caller says so of that answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HarnessError } from '../errors.ts';
import { HttpClient } from './client.ts';
import { Pacer } from './pacer.ts';
import { Redactor } from './redact.ts';
import { Transcript } from './transcript.ts';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server answering each request after `holdMs`, with its path; `seen` lists the paths as they arrived. */
async function serve(holdMs: number, status = 404) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    setTimeout(() => {
      res.statusCode = req.url?.endsWith('/first') ? status : 404;
      res.end();
    }, holdMs);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const http = new HttpClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: 'osk_together_test_key_0123456789',
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests: 20, maxWaitMs: 10_000 }),
    transcript: new Transcript(),
    redactor: new Redactor(),
  });
  return { http, seen };
}

const get = (path: string) => ({ method: 'GET' as const, path });

describe('HttpClient.together', () => {
  it('sends the last once the first answer is in, after the others arrived, all of one batch', async () => {
    const { http, seen } = await serve(150);
    const answers = await http.together(
      [get('/first'), get('/a'), get('/b'), get('/last')],
      (first) => !(first instanceof HarnessError) && first.status === 404,
    );
    expect(seen[seen.length - 1]).toBe('/v1/last');
    expect(answers.map((a) => (a instanceof HarnessError ? a.code : a.status))).toEqual([404, 404, 404, 404]);
    const batches = new Set(answers.map((a) => !(a instanceof HarnessError) && a.exchange.together));
    expect(batches.size).toBe(1);
  });

  it('holds the last back when the caller refuses the first answer: never sent, E_LEFT_OUT', async () => {
    const { http, seen } = await serve(0, 429);
    const answers = await http.together(
      [get('/first'), get('/last')],
      (first) => !(first instanceof HarnessError) && first.status !== 429,
    );
    expect(seen).toEqual(['/v1/first']);
    expect(answers.map((a) => (a instanceof HarnessError ? a.code : a.status))).toEqual([429, 'E_LEFT_OUT']);
  });
});

// HttpClient.together against a real loopback server: requests sent at one moment, and a last one that starts
// once the others' connections are open, so it arrives after them, of the same batch.
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

/** A server answering each request 100 ms after it arrived; `seen` lists the paths as they arrived. */
async function serve() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    setTimeout(() => res.end(), 100);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const http = new HttpClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: 'osk_together_test_key_0123456789',
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    recordBodyBytes: 1024,
    pacer: new Pacer({ maxRequests: 40, maxWaitMs: 10_000 }),
    transcript: new Transcript(),
    redactor: new Redactor(),
  });
  return { http, seen };
}

describe('HttpClient.together with a last that goes after the others', () => {
  it('arrives after the others, every one answered and of one batch', async () => {
    const { http, seen } = await serve();
    const paths = [...Array.from({ length: 12 }, (_, i) => `/o/${i}`), '/last'];
    const answers = await http.together(
      paths.map((path) => ({ method: 'GET' as const, path })),
      (first) => !(first instanceof HarnessError),
    );
    expect(seen).toHaveLength(13);
    expect(seen[12]).toBe('/v1/last');
    expect(answers.map((a) => (a instanceof HarnessError ? a.code : a.status))).toEqual(paths.map(() => 200));
    expect(new Set(answers.map((a) => !(a instanceof HarnessError) && a.exchange.together)).size).toBe(1);
  });
});

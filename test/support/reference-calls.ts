// Shared by the reference server's tests: one HTTP call with a bounded timeout, lossless JSON, a fake clock.
// Must not be imported by the server itself, nor assert anything: tests assert.

import { connect } from 'node:net';
import { isInteger, parse } from 'lossless-json';
import { Agent, type Dispatcher, request } from 'undici';
import {
  type ReferenceServerOptions,
  type RunningReference,
  startReferenceServer,
} from '../../reference/server.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  json: unknown;
}

/** Integers as bigint, so an id above 2^53 comes back exactly as sent. */
export function parseExact(text: string): unknown {
  return parse(text, null, (raw) => (isInteger(raw) ? BigInt(raw) : Number(raw)));
}

export interface CallOptions {
  method?: string;
  /** A key to send as "Authorization: Bearer <key>"; null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string | string[]>;
  /** The local address to connect from (another loopback address, as a proxy in front would be). */
  localAddress?: string;
  /** The caller's own connections (one kept-alive connection a sequence of calls shares). */
  dispatcher?: Dispatcher;
}

/** `path` is appended to the base URL verbatim (it starts with "/" or "?" and is already encoded). */
export async function call(
  server: RunningReference,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string | string[]> = { ...options.headers };
  const key = options.key === undefined ? server.demoKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const own = options.localAddress ? new Agent({ localAddress: options.localAddress }) : undefined;
  const dispatcher = own ?? options.dispatcher;
  const res = await request(`${server.baseUrl}${path}`, {
    method: (options.method ?? 'GET') as 'GET',
    headers,
    headersTimeout: 5000,
    bodyTimeout: 5000,
    ...(dispatcher ? { dispatcher } : {}),
  }).finally(() => own?.close());
  const text = await res.body.text();
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(res.headers))
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  let json: unknown;
  try {
    json = text === '' ? undefined : parseExact(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: flat, text, json };
}

/** Sends bytes on a fresh connection and returns everything the server sends until it closes (at most 5 s). */
export function rawExchange(server: RunningReference, bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('raw exchange timed out')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
  });
}

/**
 * On one connection: a GET of the list carrying `content` (Content-Length framed), then, once its answer has
 * arrived whole, a plain GET of the list asking to close. The status of every response that came back.
 */
export function contentThenNext(server: RunningReference, content = '{}'): Promise<number[]> {
  const { hostname, port, pathname } = new URL(server.baseUrl);
  const head = (extra: string) =>
    `GET ${pathname}/store/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.demoKey}\r\n${extra}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let got = Buffer.alloc(0);
    let second = false;
    socket.setTimeout(5000, () => socket.destroy(new Error('the exchange timed out')));
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const text = got.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      // The first answer whole: the next request goes on the same connection.
      if (!second && end !== -1 && got.length >= end + 4 + length) {
        second = true;
        socket.write(head('Connection: close\r\n'));
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      resolve([...got.toString('latin1').matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))),
    );
    socket.write(`${head(`Content-Length: ${Buffer.byteLength(content)}\r\n`)}${content}`);
  });
}

export interface FakeClock {
  now: number;
  read: () => number;
  advance: (ms: number) => void;
}

/** Starts mid-second so that rounding up to whole seconds is visible. */
export function fakeClock(start = Date.UTC(2026, 10, 22, 10, 0, 0, 250)): FakeClock {
  const clock: FakeClock = {
    now: start,
    read: () => clock.now,
    advance: (ms) => {
      clock.now += ms;
    },
  };
  return clock;
}

/** Starts a server for one test and registers its close with the caller's cleanup list. */
export async function withServer(
  cleanups: Array<() => Promise<void>>,
  options: ReferenceServerOptions = {},
): Promise<RunningReference> {
  const server = await startReferenceServer(options);
  cleanups.push(() => server.close());
  return server;
}

/** Sends `n` authenticated list requests at once, each on its own connection; returns their statuses. */
export async function burstStatuses(server: RunningReference, n: number): Promise<number[]> {
  const agent = new Agent({ connections: n });
  try {
    return await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await request(`${server.baseUrl}/store/orders`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${server.demoKey}` },
          headersTimeout: 8000,
          bodyTimeout: 8000,
        });
        await res.body.dump();
        return res.statusCode;
      }),
    );
  } finally {
    await agent.close();
  }
}

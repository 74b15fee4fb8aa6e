// A hostile target for the self-tests: a raw-socket HTTP/1.1 server on 127.0.0.1 that answers each request
// the way a scenario says, byte by byte when needed (resets, lies about framing, trickles, never answers).
// Scenarios may take the answer of a real reference server (upstream) and break how it travels. Test-only;
// every timer it starts ends when it closes.
import { createServer, type Server, type Socket } from 'node:net';
import { request } from 'undici';
import type { RunningReference } from '../../reference/server.ts';

export interface RawRequest {
  method: string;
  /** The request target as sent, e.g. /v1/store/orders/7. */
  target: string;
  headers: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  req: RawRequest;
  socket: Socket;
  /** The reference server's answer to the same request. */
  upstream(): Promise<Answer>;
  /** Writes an answer as HTTP/1.1 with a Content-Length (headers given win). */
  reply(answer: Answer, options?: { version?: string; close?: boolean }): void;
  /** A timer that is cleared when the server closes. */
  every(ms: number, fn: () => void): NodeJS.Timeout;
  later(ms: number, fn: () => void): NodeJS.Timeout;
  /** The count of requests so far, this one included. */
  n: number;
  /** Stops listening and drops every connection, as a crashed server would (later connections are refused). */
  vanish(): void;
}

export type Scenario = (x: Exchange) => void | Promise<void>;

export interface Hostile {
  baseUrl: string;
  requests: RawRequest[];
  /** TCP connections accepted (the preflight opens one without a request). */
  connections(): number;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  302: 'Found',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * The bytes of a response: status line, headers (Content-Length set unless given, and never on a 204, which
 * RFC 9110 §8.6 forbids: a scenario that wants one gives it), blank line, body.
 */
export function responseBytes(answer: Answer, options: { version?: string; close?: boolean } = {}): Buffer {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(answer.headers)) {
    if (!['transfer-encoding', 'connection', 'keep-alive', 'content-length'].includes(k.toLowerCase()))
      headers[k] = v;
  }
  const given = Object.keys(answer.headers).find((k) => k.toLowerCase() === 'content-length');
  if (given) headers['content-length'] = answer.headers[given]!;
  else if (answer.status !== 204 || answer.body.length > 0)
    headers['content-length'] = String(answer.body.length);
  if (options.close) headers.connection = 'close';
  const head = [
    `HTTP/${options.version ?? '1.1'} ${answer.status} ${STATUS_TEXT[answer.status] ?? 'Status'}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), answer.body]);
}

function parseHead(text: string): RawRequest {
  const [line, ...rest] = text.split('\r\n');
  const [method = '', target = ''] = (line ?? '').split(' ');
  const headers: Record<string, string> = {};
  for (const h of rest) {
    const i = h.indexOf(':');
    if (i > 0) headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
  }
  return { method, target, headers };
}

/** Starts the hostile server in front of `upstream` (a reference server), answering as `scenario` says. */
export async function hostile(scenario: Scenario, upstream?: RunningReference): Promise<Hostile> {
  const requests: RawRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const origin = upstream ? new URL(upstream.baseUrl).origin : undefined;

  const ask = async (req: RawRequest): Promise<Answer> => {
    if (!origin) throw new Error('this scenario has no upstream');
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'accept']) if (req.headers[name]) headers[name] = req.headers[name];
    const res = await request(`${origin}${req.target}`, { method: req.method as 'GET', headers });
    const body = Buffer.from(await res.body.arrayBuffer());
    const out: Record<string, string> = {};
    // The length is the writer's to set (responseBytes), so a scenario may change the body freely; a HEAD's
    // is the upstream's (its GET's length, RFC 9110 §8.6), not the 0 of its empty body.
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined && (k !== 'content-length' || req.method === 'HEAD')) out[k] = String(v);
    return { status: res.statusCode, headers: out, body };
  };

  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = '';
    let busy = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const req = parseHead(buffered.slice(0, end));
        buffered = buffered.slice(end + 4);
        requests.push(req);
        const n = requests.length;
        busy = busy.then(async () => {
          if (socket.destroyed) return;
          const track = (t: NodeJS.Timeout) => {
            timers.add(t);
            return t;
          };
          await scenario({
            req,
            socket,
            n,
            upstream: () => ask(req),
            reply: (answer, options) => {
              if (!socket.destroyed) socket.write(responseBytes(answer, options));
              if (options?.close) socket.end();
            },
            every: (ms, fn) => track(setInterval(fn, ms)),
            vanish: () => {
              server.close();
              for (const s of sockets) s.destroy();
            },
            later: (ms, fn) => track(setTimeout(fn, ms)),
          });
        });
        busy.catch(() => socket.destroy());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    connections: () => accepted,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

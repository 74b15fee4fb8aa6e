// Targets served from the bench process: the reference server with a store of any size, behind a TCP relay
// that notes when the first request's bytes arrive (the command's own preflight only connects).
import { createConnection, createServer, type Server } from 'node:net';
import {
  DEFAULT_ORDERS,
  DEFAULT_PENDING_IDS,
  DEFAULT_SHIPPED_IDS,
  DEMO_KEY,
  type ReferenceServerOptions,
  type RunningReference,
  SECOND_DEMO_KEY,
  type SeedOrder,
  startReferenceServer,
} from '../reference/server.ts';

/** The default seed plus `extra` shipped orders with ids far from the seed's (shipped: never cancellable). */
export function storeOf(extra: number): SeedOrder[] {
  const orders: SeedOrder[] = [...DEFAULT_ORDERS];
  for (let i = 0; i < extra; i++)
    orders.push({
      id: 10_000_000 + i,
      petId: i % 5000,
      quantity: (i % 9) + 1,
      shipDate: `2026-0${(i % 9) + 1}-1${i % 10}T08:${String(i % 60).padStart(2, '0')}:00Z`,
      complete: i % 2 === 0,
      status: 'shipped',
    });
  return orders;
}

export interface BenchTarget {
  env: Record<string, string>;
  /** performance.now() of the first byte a client sent, or undefined. */
  firstRequestAt(): number | undefined;
  /** Requests the server has answered so far, counted by the server (the bench's own warm-up excluded). */
  requests(): number;
  close(): Promise<void>;
}

/**
 * The embedded target's limits (cli/target.ts): the Free plan's 60 requests in a 10 s window, and two demo keys,
 * so a run with the rate-limit probe is the command's default run, and a peer meets the same server.
 */
export const EMBEDDED_LIKE: ReferenceServerOptions = {
  rateLimit: { limit: 60, windowSeconds: 10 },
  keys: [
    { key: DEMO_KEY, plan: 'free' },
    { key: SECOND_DEMO_KEY, plan: 'free' },
  ],
};

/**
 * `relay` false: clients connect straight to the server (the relay costs a copy of every byte). `options`
 * replaces the default limits (one key, a limit no run reaches). `warm` false: no request before the run's own
 * (the warm-up would spend one of a small window's requests).
 */
export async function startTarget(
  orders?: SeedOrder[],
  relayed = true,
  options: ReferenceServerOptions = { rateLimit: { limit: 100_000, windowSeconds: 60 } },
  warm = true,
): Promise<BenchTarget> {
  const server: RunningReference = await startReferenceServer({
    ...options,
    port: 0,
    ...(orders ? { orders } : {}),
  });
  const upstream = new URL(server.baseUrl);
  // The server builds its list body at the first request: build it now, so the figures time the harness.
  if (warm) {
    const answer = await fetch(`${server.baseUrl}/store/orders`, {
      headers: { authorization: `Bearer ${server.demoKey}` },
    });
    if (answer.status !== 200) throw new Error(`the target's list answered ${answer.status}`);
    await answer.arrayBuffer();
  }
  const warmUp = server.stats().requests;
  let first: number | undefined;
  const relay: Server = createServer((socket) => {
    const up = createConnection({ host: upstream.hostname, port: Number(upstream.port) });
    socket.once('data', () => {
      first ??= performance.now();
    });
    socket.pipe(up).pipe(socket);
    const end = () => {
      socket.destroy();
      up.destroy();
    };
    socket.on('error', end);
    up.on('error', end);
    socket.on('close', end);
    up.on('close', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    env: {
      ORDER_STORE_BASE_URL: relayed ? `http://127.0.0.1:${address.port}${upstream.pathname}` : server.baseUrl,
      ORDER_STORE_API_KEY: server.demoKey,
      ORDER_STORE_CANCELLABLE_ORDER_IDS: DEFAULT_PENDING_IDS.join(','),
      ORDER_STORE_SHIPPED_ORDER_IDS: DEFAULT_SHIPPED_IDS.join(','),
      ...(options.keys?.[1] ? { ORDER_STORE_SECOND_API_KEY: options.keys[1].key } : {}),
    },
    firstRequestAt: () => first,
    requests: () => server.stats().requests - warmUp,
    async close() {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await server.close();
    },
  };
}

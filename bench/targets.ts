// Targets served from the bench process: the reference server with a store of any size, behind a TCP relay
// that notes when the first request's bytes arrive (the command's own preflight only connects).
import { createConnection, createServer, type Server } from 'node:net';
import {
  DEFAULT_ORDERS,
  DEFAULT_PENDING_IDS,
  DEFAULT_SHIPPED_IDS,
  type RunningReference,
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
  close(): Promise<void>;
}

/** `relay` false: clients connect straight to the server (the relay costs a copy of every byte). */
export async function startTarget(orders?: SeedOrder[], relayed = true): Promise<BenchTarget> {
  const server: RunningReference = await startReferenceServer({
    port: 0,
    rateLimit: { limit: 100_000, windowSeconds: 60 },
    ...(orders ? { orders } : {}),
  });
  const upstream = new URL(server.baseUrl);
  // The server builds its list body at the first request: build it now, so the figures time the harness.
  const warm = await fetch(`${server.baseUrl}/store/orders`, {
    headers: { authorization: `Bearer ${server.demoKey}` },
  });
  if (warm.status !== 200) throw new Error(`the target's list answered ${warm.status}`);
  await warm.arrayBuffer();
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
    },
    firstRequestAt: () => first,
    async close() {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await server.close();
    },
  };
}

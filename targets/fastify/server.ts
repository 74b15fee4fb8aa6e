// Starts the Fastify target (app.ts) on ZOO_HOST:ZOO_PORT and says "ZOO listening <base URL>" once it
// accepts connections (targets/README.md). Binds loopback only; SIGTERM stops it (Node's default).
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const app = await createApp(config);
try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  console.error(`fastify target: cannot listen: ${(error as Error).message}`);
  process.exit(1);
}
const { port } = app.server.address() as AddressInfo;
const host = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`ZOO listening http://${host}:${port}${config.basePath}`);

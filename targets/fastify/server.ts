// Starts the Fastify target (app.ts) on ZOO_HOST:ZOO_PORT and says "ZOO listening <base URL>" once it
// accepts connections (targets/README.md). Binds loopback only; SIGTERM stops it (Node's default).
import type { AddressInfo } from 'node:net';
import { listeningLine, readZooEnv } from '../zoo-contract.ts';
import { createApp } from './app.ts';
import { target } from './target.ts';

const config = readZooEnv('fastify', Object.keys(target.misconfigs));
const app = await createApp(config);
try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  console.error(`fastify target: cannot listen: ${(error as Error).message}`);
  process.exit(1);
}
console.log(listeningLine('http', config.host, (app.server.address() as AddressInfo).port, config.basePath));

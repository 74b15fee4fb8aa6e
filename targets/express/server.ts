// Starts the Express target (app.ts) on ZOO_HOST:ZOO_PORT and says "ZOO listening <base URL>" once it
// accepts connections (targets/README.md). Binds loopback only; SIGTERM stops it (Node's default).
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const server = createApp(config).listen(config.port, config.host, (error?: Error) => {
  if (error) {
    console.error(`express target: cannot listen: ${error.message}`);
    process.exit(1);
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`ZOO listening http://${host}:${port}${config.basePath}`);
});

// Starts the Express target (app.ts) on ZOO_HOST:ZOO_PORT and says "ZOO listening <base URL>" once it
// accepts connections (targets/README.md). Binds loopback only; SIGTERM stops it (Node's default).
import type { AddressInfo } from 'node:net';
import { listeningLine, readZooEnv } from '../zoo-contract.ts';
import { createApp } from './app.ts';
import { target } from './target.ts';

const config = readZooEnv('express', Object.keys(target.misconfigs));
const server = createApp(config).listen(config.port, config.host, (error?: Error) => {
  if (error) {
    console.error(`express target: cannot listen: ${error.message}`);
    process.exit(1);
  }
  console.log(listeningLine('http', config.host, (server.address() as AddressInfo).port, config.basePath));
});

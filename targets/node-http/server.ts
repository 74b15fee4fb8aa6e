// The node:http target: an Order Store Service v1 on Node's own http/https modules, no framework, no
// rate-limit package. Reads the ZOO_* environment, prints `ZOO listening <url>`, stops on SIGTERM.
// Binds loopback only; writes no key to stdout or stderr.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { listeningLine } from '../zoo-contract.ts';
import { Keys } from './auth.ts';
import { ConfigError, readConfig } from './config.ts';
import { createHandler } from './handler.ts';
import { idReader } from './ids.ts';
import { Limiter } from './limiter.ts';
import { Store } from './store.ts';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`node-http: ${err.message}`);
  process.exit(2);
}

const ids = idReader(config.misconfig);
const limiter = new Limiter(config, (line) => console.log(line));
// Clients idle with a full bucket are forgotten once a window; unref: the sweep never keeps Node alive.
setInterval(() => limiter.sweep(Date.now()), config.windowSeconds * 1000).unref();
const handler = createHandler({
  config,
  ids,
  limiter,
  store: new Store(config.seedFile, ids),
  keys: new Keys(config.keys),
});
const server = config.tls
  ? https.createServer({ cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) }, handler)
  : http.createServer(handler);

server.on('error', (err) => {
  console.error(`node-http: ${err.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(listeningLine(config.tls ? 'https' : 'http', config.host, port, config.basePath));
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});

// Starts the Koa target: reads the ZOO_* settings, loads the seed, listens on ZOO_HOST only and announces
// "ZOO listening <base URL>". SIGTERM stops it (Node's default). Never prints a key.
import type { AddressInfo } from 'node:net';
import { listeningLine } from '../zoo-contract.ts';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { type IdParser, OrderStore } from './orders.ts';

const cfg = readConfig(process.env);
const parseId: IdParser = cfg.misconfig === 'parseint-ids' ? (t) => Number.parseInt(t, 10) : BigInt;
const app = buildApp(cfg, OrderStore.fromFile(cfg.seedFile, parseId));
const server = app.listen(cfg.port, cfg.host, () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(listeningLine('http', address, port, cfg.basePath));
});

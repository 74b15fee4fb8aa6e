// Starts the Hono target on @hono/node-server: reads the ZOO_* settings, loads the seed, listens on ZOO_HOST
// only and announces "ZOO listening <base URL>". SIGTERM stops it (Node's default). Never prints a key.
import { serve } from '@hono/node-server';
import { listeningLine } from '../zoo-contract.ts';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { OrderStore } from './orders.ts';

const cfg = readConfig(process.env);
const app = buildApp(cfg, OrderStore.fromFile(cfg.seedFile));
serve({ fetch: app.fetch, hostname: cfg.host, port: cfg.port }, (info) => {
  console.log(listeningLine('http', info.address, info.port, cfg.basePath));
});

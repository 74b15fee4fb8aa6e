// A peer tool's own test run through `order-store-conformance proxy` (issue 31, "a proxy run around a peer
// tool's test run writes a report"): Dredd against the reference server (with a fault, if named), through the
// recording proxy, then the proxy's report. Run: npx tsx bench/peers/through-proxy.ts [FAULT,...]. Installs
// Dredd on demand (bench/.peers/, as the side-by-side bench does); not part of npm test.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conductProxy } from '../../engine/proxy-run.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { dredd } from './dredd.ts';

const faults = (process.argv[2] ?? '').split(',').filter(Boolean);
const work = mkdtempSync(join(tmpdir(), 'osc-peer-proxy-'));
const server = await startReferenceServer({ faults, rateLimit: { limit: 1000, windowSeconds: 60 } });
const peer = await dredd();
if ('reason' in peer) {
  console.log(`Dredd not run: ${peer.reason}`);
  process.exit(0);
}
const config = loadTrafficConfig(
  ['--target', new URL(server.baseUrl).origin, '--port', '0', '--report-dir', join(work, 'reports')],
  'proxy',
  { env: {}, cwd: work },
);
const stop = new AbortController();
let url = '';
let heard: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  heard = resolve;
});
const session = conductProxy(config, {
  io: { out: (l) => console.log(l), err: (l) => console.error(l) },
  signal: stop.signal,
  writeReports: true,
  onListening: (u) => {
    url = u;
    heard();
  },
});
await listening;
const ran = await peer.run(
  {
    baseUrl: `${url}/v1`,
    apiKey: server.demoKey,
    ids: { pending: server.fixtures.pending[0]!, shipped: server.fixtures.shipped[0]!, absent: '5' },
    petId: '101',
  },
  work,
);
console.log(`Dredd ${peer.version}: exit ${ran.code}, ${ran.exchanges.length} exchanges through the proxy`);
stop.abort();
const done = await session;
console.log(`reports: ${done.dir}`);
await server.close();

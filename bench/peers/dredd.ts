// Dredd (npm `dredd`), run as its documentation has a user run it: the description, the server, a header with
// the key and a hooks file. Dredd reads OpenAPI 3.0 without external references, so it gets a derived copy.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPeer, runQuiet } from './install.ts';
import type { PeerExchange } from './musts.ts';
import { derivedOpenApi } from './openapi.ts';
import { operationOf, type PeerOrReason, type PeerTarget } from './peer.ts';

const VERSION = '14.1.0';
const HOOKS = fileURLToPath(new URL('./dredd-hooks.cjs', import.meta.url));

interface Recorded {
  method: string;
  path: string;
  documented: string;
  skipped: boolean;
  outcome: string;
  credentials: PeerExchange['credentials'];
  orderId?: PeerExchange['orderId'];
  judged: { status: boolean; headers: string[]; body: PeerExchange['judged']['body'] };
  reasons: string[];
}

export async function dredd(): Promise<PeerOrReason> {
  const got = await installPeer('dredd', VERSION);
  if ('reason' in got) return { name: 'Dredd', reason: got.reason };
  const bin = join(got.dir, 'bin', 'dredd');
  return {
    name: 'Dredd',
    version: got.version,
    command: `dredd openapi-3.0.yaml BASE_URL --header "Authorization: Bearer KEY" --hookfiles=bench/peers/dredd-hooks.cjs --loglevel=warning`,
    setup:
      'schemas/openapi.yaml with its external $refs inlined, `openapi: 3.0.3` (Dredd reads 3.0 only) and an example for each path parameter; hooks that send no key for a 401, an absent id for a 404, a shipped one for a 409, and skip the 429s',
    async run(target: PeerTarget, work: string) {
      const spec = derivedOpenApi(join(work, 'openapi-3.0.yaml'), '3.0.3', {
        orderId: Number(target.ids.pending),
        petId: Number(target.petId),
      });
      const results = join(work, 'dredd-results.jsonl');
      const started = performance.now();
      const ran = await runQuiet(
        process.execPath,
        [
          bin,
          spec,
          target.baseUrl,
          '--header',
          `Authorization: Bearer ${target.apiKey}`,
          `--hookfiles=${HOOKS}`,
          '--loglevel=warning',
        ],
        {
          cwd: work,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: work,
            BENCH_PEER_RESULTS: results,
            BENCH_PENDING_ID: target.ids.pending,
            BENCH_ABSENT_ID: target.ids.absent,
            BENCH_SHIPPED_ID: target.ids.shipped,
          },
          timeoutMs: 120_000,
        },
      );
      const wallMs = performance.now() - started;
      if (!existsSync(results))
        throw new Error(`Dredd recorded nothing (exit ${ran.code}): ${ran.output.slice(-2000)}`);
      const recorded = readFileSync(results, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Recorded);
      const exchanges: PeerExchange[] = recorded
        .filter((r) => !r.skipped)
        .map((r) => ({
          operation: operationOf(r.method, r.path),
          documented: r.documented,
          credentials: r.credentials,
          ...(r.orderId ? { orderId: r.orderId } : {}),
          judged: r.judged,
          outcome: r.outcome === 'pass' ? 'pass' : 'fail',
          reasons: r.reasons,
        }));
      const skipped = recorded
        .filter((r) => r.skipped)
        .map((r) => `${r.method} ${r.path} ${r.documented}: ${r.reasons.join(' ')}`);
      return { wallMs, exchanges, skipped, code: ran.code };
    },
  };
}

// Specmatic (npm `specmatic`, a Java jar in an npm package), run as its documentation has a user run it:
// `specmatic test` with the description as it is, the key in the environment variable named after the
// security scheme, and one example file per documented response a user can provoke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPeer, runQuiet } from './install.ts';
import type { PeerExchange } from './musts.ts';
import { OPENAPI } from './openapi.ts';
import { operationOf, type PeerOrReason, type PeerTarget } from './peer.ts';

const VERSION = '2.55.1';

interface Example {
  credentials: PeerExchange['credentials'];
  orderId?: PeerExchange['orderId'];
  request: { method: string; path: string; headers?: Record<string, string> };
  response: { status: number; body?: unknown };
}

const ERROR_BODY = { code: '(string)', message: '(string)', status: '(number)' };

/** The examples, named by what they send; the list's 200 needs none (Specmatic makes its request itself). */
function examples(t: PeerTarget): Record<string, Example> {
  const wrong = { Authorization: 'Bearer not-a-key-of-this-server' };
  return {
    'cancel-pending': {
      credentials: 'key',
      orderId: 'pending',
      request: { method: 'DELETE', path: `/store/orders/${t.ids.pending}` },
      response: { status: 204 },
    },
    'cancel-absent': {
      credentials: 'key',
      orderId: 'absent',
      request: { method: 'DELETE', path: `/store/orders/${t.ids.absent}` },
      response: { status: 404, body: ERROR_BODY },
    },
    'cancel-shipped': {
      credentials: 'key',
      orderId: 'shipped',
      request: { method: 'DELETE', path: `/store/orders/${t.ids.shipped}` },
      response: { status: 409 },
    },
    // Specmatic adds the key to a request that names none, so its 401s are provoked with a key it does not know.
    'list-unknown-key': {
      credentials: 'unknown-key',
      request: { method: 'GET', path: '/store/orders', headers: wrong },
      response: { status: 401, body: ERROR_BODY },
    },
    'cancel-unknown-key': {
      credentials: 'unknown-key',
      orderId: 'absent',
      request: { method: 'DELETE', path: `/store/orders/${t.ids.absent}`, headers: wrong },
      response: { status: 401, body: ERROR_BODY },
    },
    'pets-unknown-key': {
      credentials: 'unknown-key',
      request: { method: 'GET', path: `/pets/${t.petId}`, headers: wrong },
      response: { status: 401, body: ERROR_BODY },
    },
    'pets-default': {
      credentials: 'key',
      request: { method: 'GET', path: `/pets/${t.petId}` },
      response: { status: 200 },
    },
  };
}

/** The response part of the description each documented status has: a body schema, or none. */
const BODY: Record<string, PeerExchange['judged']['body']> = {
  '200': 'schema',
  '401': 'schema',
  '404': 'schema',
  '204': 'empty',
  '409': 'empty',
  default: 'empty',
};

const SCENARIO =
  /^Scenario: (GET|DELETE) (\S+) -> (\d+)(?: with the request from the example '([^']+)')? has (SUCCEEDED|FAILED)/;

/** The exchanges of Specmatic's console output: one "Scenario: ... has ..." line each, its reasons below. */
export function readScenarios(output: string, named: Record<string, Example>): PeerExchange[] {
  const out: PeerExchange[] = [];
  const lines = output.split('\n');
  lines.forEach((line, i) => {
    const m = SCENARIO.exec(line);
    if (!m) return;
    const [, method, path, code, example, result] = m;
    // Specmatic writes `default` as the status 1000.
    const documented = code === '1000' ? 'default' : code!;
    const ex = example ? named[example] : undefined;
    const reasons: string[] = [];
    for (let j = i + 1; j < lines.length && !lines[j]!.startsWith('----'); j++)
      if (/^\s*(>>|Specification expected)/.test(lines[j]!)) reasons.push(lines[j]!.trim());
    out.push({
      operation: operationOf(method!, path!),
      documented,
      credentials: ex?.credentials ?? 'key',
      ...(ex?.orderId ? { orderId: ex.orderId } : {}),
      // Specmatic compares the status and the body; it does not look at required response headers (a reference
      // fault that drops X-RateLimit-* passes it).
      judged: { status: true, headers: [], body: BODY[documented] ?? 'none' },
      outcome: result === 'SUCCEEDED' ? 'pass' : 'fail',
      reasons: [...new Set(reasons)].slice(0, 4),
    });
  });
  return out;
}

export async function specmatic(): Promise<PeerOrReason> {
  const java = await runQuiet('java', ['-version'], { timeoutMs: 30_000 });
  if (java.code !== 0)
    return {
      name: 'Specmatic',
      reason: `it needs Java 17+ and \`java -version\` failed: ${java.output.trim().split('\n')[0]}`,
    };
  const got = await installPeer('specmatic', VERSION);
  if ('reason' in got) return { name: 'Specmatic', reason: got.reason };
  const bin = join(got.dir, 'dist', 'bin', 'index.js');
  return {
    name: 'Specmatic',
    version: got.version,
    command: 'bearerAuth=KEY specmatic test --testBaseURL BASE_URL --examples=EXAMPLES schemas/openapi.yaml',
    setup:
      'schemas/openapi.yaml as it is; 7 example files: cancel a pending, an absent and a shipped id, a 401 of each operation with a key the server does not know, and the pets default response',
    async run(target: PeerTarget, work: string) {
      const named = examples(target);
      const dir = join(work, 'examples');
      mkdirSync(dir, { recursive: true });
      for (const [name, ex] of Object.entries(named))
        writeFileSync(
          join(dir, `${name}.json`),
          JSON.stringify({ 'http-request': ex.request, 'http-response': ex.response }, null, 2),
        );
      const started = performance.now();
      const ran = await runQuiet(
        process.execPath,
        [bin, 'test', '--testBaseURL', target.baseUrl, `--examples=${dir}`, OPENAPI],
        {
          cwd: work,
          env: { PATH: process.env.PATH ?? '', HOME: work, bearerAuth: target.apiKey },
          timeoutMs: 300_000,
          // It logs every request and response: keep all of it, the verdicts are in between.
          keepChars: 64 * 2 ** 20,
        },
      );
      const wallMs = performance.now() - started;
      const exchanges = readScenarios(ran.output, named);
      if (exchanges.length === 0)
        throw new Error(`Specmatic ran no scenario (exit ${ran.code}): ${ran.output.slice(-2000)}`);
      const skipped = ran.output
        .split('\n')
        .filter((l) => /^\s*Skipping Scenario:/.test(l))
        .map((l) => `${l.trim().replace(/^Skipping Scenario: /, '')}: no example provokes it`);
      return { wallMs, exchanges, skipped, code: ran.code };
    },
  };
}

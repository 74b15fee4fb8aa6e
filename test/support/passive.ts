// Judges an active run's own transcript.har passively, in-process, and compares the two verdicts: every check
// both judged (pass, fail, warn or info on each side) must agree. Test support; asserts nothing itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeTraffic, type TrafficSettings } from '../../api/index.ts';
import { startProxy } from '../../engine/proxy.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import type { Report } from '../../lib/report/model.ts';
import { startReferenceServer } from '../../reference/server.ts';
import type { CliRun } from './cli.ts';
import { exercise } from './client-workload.ts';

const JUDGED = new Set(['pass', 'fail', 'warn', 'info']);

/** The transcript.har an active run wrote. */
export function transcriptOf(run: CliRun): string {
  return readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8');
}

/**
 * The passive report of an active run's transcript: told what the run was told (its fixtures, its plan, and
 * whether its list could be trusted), as a user judging that file would tell it.
 */
export function judgeRun(run: CliRun, extra: TrafficSettings = {}): Promise<Report> {
  const s = run.report!.settings;
  return judgeTraffic(transcriptOf(run), {
    cancellableOrderIds: s.cancellableOrderIds,
    shippedOrderIds: s.shippedOrderIds,
    ...(s.consistencySeconds ? { consistencySeconds: s.consistencySeconds } : {}),
    ...(s.plan ? { plan: s.plan as NonNullable<TrafficSettings['plan']> } : {}),
    ...extra,
  });
}

/** Each check both reports judged with different verdicts, one line each. */
export function disagreements(active: Report, passive: Report, run?: CliRun): string[] {
  const seen = new Map(passive.checks.map((c) => [c.id, c]));
  const senders = run ? sendersOf(run) : undefined;
  return active.checks.flatMap((a) => {
    const p = seen.get(a.id);
    if (!p || !JUDGED.has(a.status) || !JUDGED.has(p.status) || a.status === p.status) return [];
    // A passive judge reads every exchange of its kind, the active check its own: a passive failure that
    // cites only exchanges other checks sent (a fault's effect they met) is a wider reading, not a contradiction.
    if (senders && a.status === 'pass' && (p.status === 'fail' || p.status === 'warn')) {
      const cited = p.cited ?? [];
      if (cited.length > 0 && cited.every((seq) => senders.get(seq) !== a.id)) return [];
    }
    return [
      `${a.id}: active ${a.status} (${a.message.slice(0, 160)}), passive ${p.status} (${p.message.slice(0, 200)})`,
    ];
  });
}

/** The check that sent each exchange of an active run's transcript.har, by the seq a passive judge gives it. */
function sendersOf(run: CliRun): Map<number, string> {
  const entries = (JSON.parse(transcriptOf(run)) as { log: { entries: Array<{ _checkId?: string }> } }).log
    .entries;
  return new Map(entries.map((e, i) => [i + 1, e._checkId ?? '']));
}

/** The checks of a passive report that fail, warn or err. */
export function loud(report: Report): string[] {
  return report.checks
    .filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error')
    .map((c) => `${c.id} ${c.status}: ${c.message.slice(0, 200)}`);
}

/** Faults no recording shows, with why: each needs what only the suite itself sends. */
export const NOT_FROM_TRAFFIC: Readonly<Record<string, string>> = {
  'ratelimit-not-atomic': 'only concurrent requests at the start of a window show it (RL-PROBE-BURST)',
  'ratelimit-trusts-forwarded-for':
    'only requests naming other client addresses past Remaining 0 show it, which the probe alone sends (RL-PROBE-FORWARDED-HEADERS)',
};

/** The checks a fault names (must fail or warn) that the passive report failed or warned. */
export function caughtPassively(named: readonly string[], passive: Report): string[] {
  return named.filter((id) => {
    const status = passive.checks.find((c) => c.id === id)?.status;
    return status === 'fail' || status === 'warn';
  });
}

/** A HAR 1.2 text of recorded entries as a browser's devtools would write it (none of this suite's fields). */
export function devtoolsHar(entries: readonly RecordedEntry[], origin?: string): string {
  const header = ([name, value]: readonly [string, string]) => ({ name, value });
  const url = (u: string) => (origin ? u.replace(/^https?:\/\/[^/]+/, origin) : u);
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test devtools', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: new Date(e.startedMs).toISOString(),
        time: e.durationMs,
        request: {
          method: e.method,
          url: url(e.url),
          httpVersion: 'HTTP/1.1',
          headers: e.requestHeaders.map(header),
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: e.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          headers: e.responseHeaders.map(header),
          cookies: [],
          content: { size: e.bodyBytes, mimeType: '', ...(e.body ? { text: e.body.toString('utf8') } : {}) },
          redirectURL: '',
          headersSize: -1,
          bodySize: e.bodyBytes,
        },
        cache: {},
        timings: { send: 0, wait: e.durationMs, receive: 0 },
      })),
    },
  });
}

/** Runs `client` against `target` through the recording proxy and returns what it recorded. */
export async function recordThrough(
  target: string,
  client: (baseUrl: string) => Promise<unknown>,
  basePath = '/v1',
): Promise<RecordedEntry[]> {
  const entries: RecordedEntry[] = [];
  const proxy = await startProxy({
    target,
    host: '127.0.0.1',
    port: 0,
    maxResponseBytes: 1 << 24,
    onExchange: (e) => entries.push(e),
  });
  try {
    await client(`${proxy.url}${basePath}`);
  } finally {
    await proxy.close();
  }
  return entries;
}

/** The client workload recorded through the proxy against a reference server with `faults` (closed after). */
export async function recordClient(
  faults: string[],
  rateLimit: { limit: number; windowSeconds: number },
  freshWindow = false,
): Promise<{ entries: RecordedEntry[]; key: string; fixtures: { pending: string[]; shipped: string[] } }> {
  const server = await startReferenceServer({ faults, rateLimit });
  try {
    const entries = await recordThrough(new URL(server.baseUrl).origin, (baseUrl) =>
      exercise({
        baseUrl,
        key: server.demoKey,
        pending: server.fixtures.pending,
        shipped: server.fixtures.shipped,
        freshWindow,
      }),
    );
    return { entries, key: server.demoKey, fixtures: server.fixtures };
  } finally {
    await server.close();
  }
}

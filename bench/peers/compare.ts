// Side by side (issue 33 item 5): this suite and each peer that installs from npm, on the same target (the
// reference server as the command embeds it, a fresh one per run), in the same rounds. Requests are counted by
// the server, wall time is spawn to exit, MUSTs judged are counted as PEER_COUNTING says.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ORDERS, DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS } from '../../reference/server.ts';
import { measureCommand } from '../command.ts';
import { median } from '../stats.ts';
import { EMBEDDED_LIKE, startTarget } from '../targets.ts';
import { dredd } from './dredd.ts';
import { mustsJudged, PEER_COUNTING } from './musts.ts';
import type { Peer, PeerOrReason, PeerTarget } from './peer.ts';
import { specmatic } from './specmatic.ts';

/** One tool's rounds. */
export interface Side {
  tool: string;
  command: string;
  setup: string;
  requests: number[];
  wallS: number[];
  musts: number[];
  /** The MUST checks judged (the last round's). */
  mustIds: string[];
  /** Its fails on the reference, which is conformant: each a reason, once. */
  falseFails: string[];
  /** Documented responses it left untried. */
  untried: string[];
}

export interface SideBySide {
  sides: Side[];
  /** Peers that could not be run, each with why. */
  skipped: Array<{ name: string; reason: string }>;
  counting: string;
}

/** The smallest positive id the default seed does not hold. */
function absentId(): string {
  const held = new Set(DEFAULT_ORDERS.map((o) => String(o.id)));
  let n = 1;
  while (held.has(String(n))) n++;
  return String(n);
}

const OURS: Array<{ tool: string; args: string[] }> = [
  { tool: 'this suite, default run', args: ['--trust-order-list'] },
  {
    tool: 'this suite, without the rate-limit probe',
    args: ['--trust-order-list', '--skip-rate-limit-probe'],
  },
];

function side(tool: string, command: string, setup: string): Side {
  return {
    tool,
    command,
    setup,
    requests: [],
    wallS: [],
    musts: [],
    mustIds: [],
    falseFails: [],
    untried: [],
  };
}

async function oursOnce(s: Side, args: string[], round: number): Promise<void> {
  const target = await startTarget(undefined, false, EMBEDDED_LIKE, false);
  try {
    const m = await measureCommand([...args, '--seed', String(round + 1)], target.env);
    if (m.code !== 0 || !m.report) throw new Error(`${s.tool} exited ${m.code}\n${m.stdout.slice(-3000)}`);
    const judged = m.report.checks.filter(
      (c) => c.level === 'MUST' && (c.status === 'pass' || c.status === 'fail'),
    );
    s.requests.push(target.requests());
    s.wallS.push(m.wallMs / 1000);
    s.musts.push(judged.length);
    s.mustIds = judged.map((c) => c.id).sort();
    s.falseFails = m.report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
  } finally {
    await target.close();
  }
}

async function peerOnce(s: Side, peer: Peer): Promise<void> {
  const target = await startTarget(undefined, false, EMBEDDED_LIKE, false);
  try {
    const facts: PeerTarget = {
      baseUrl: target.env.ORDER_STORE_BASE_URL!,
      apiKey: target.env.ORDER_STORE_API_KEY!,
      ids: { pending: DEFAULT_PENDING_IDS[0]!, shipped: DEFAULT_SHIPPED_IDS[0]!, absent: absentId() },
      petId: String(DEFAULT_ORDERS[0]!.petId),
    };
    const run = await peer.run(facts, mkdtempSync(join(tmpdir(), 'osc-peer-')));
    const ids = mustsJudged(run.exchanges);
    s.requests.push(target.requests());
    s.wallS.push(run.wallMs / 1000);
    s.musts.push(ids.length);
    s.mustIds = ids;
    s.falseFails = [
      ...new Set(
        run.exchanges
          .filter((x) => x.outcome === 'fail')
          .map((x) => `${x.operation} ${x.documented}: ${x.reasons.at(-1) ?? 'failed'}`),
      ),
    ];
    s.untried = run.skipped;
  } finally {
    await target.close();
  }
}

export async function sideBySide(rounds: number): Promise<SideBySide> {
  const skipped: SideBySide['skipped'] = [];
  const peers: Peer[] = [];
  for (const load of [dredd, specmatic]) {
    const got: PeerOrReason = await load();
    if ('reason' in got) {
      skipped.push(got);
      console.log(`SKIPS  peer ${got.name}: ${got.reason}`);
    } else peers.push(got);
  }
  const ours = OURS.map((o) =>
    side(
      o.tool,
      `order-store-conformance ${o.args.join(' ')} --seed N (ORDER_STORE_BASE_URL, key, fixtures, second key)`,
      'the settings a user gives any target: base URL, key, fixture ids, second key',
    ),
  );
  const theirs = peers.map((p) => side(`${p.name} ${p.version}`, p.command, p.setup));
  // Interleaved, so each round's tools share the machine's noise.
  for (let r = 0; r < rounds; r++) {
    for (const [i, o] of OURS.entries()) await oursOnce(ours[i]!, o.args, r);
    for (const [i, p] of peers.entries()) {
      try {
        await peerOnce(theirs[i]!, p);
      } catch (e) {
        console.log(`SKIPS  peer ${p.name} round ${r + 1}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  }
  return { sides: [...ours, ...theirs].filter((s) => s.musts.length > 0), skipped, counting: PEER_COUNTING };
}

/** Per-round ratio of `a` to `b` of a per-MUST figure, as median (min-max). */
export function ratio(
  a: Side,
  b: Side,
  of: 'requests' | 'wallS',
): { median: number; min: number; max: number } {
  const per = (s: Side, i: number) => s[of][i]! / s.musts[i]!;
  const n = Math.min(a.musts.length, b.musts.length);
  const xs = Array.from({ length: n }, (_, i) => per(a, i) / per(b, i));
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

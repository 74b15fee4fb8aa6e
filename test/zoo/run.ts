// One zoo run: starts a target (or one of its misconfigurations), points the whole conformance command at
// it with the settings a real user gives (both keys, fixtures at both ends of int64, --burst) and returns
// the report with what the target saw (early requests, bans). Test support; judges nothing itself.
import { readFileSync } from 'node:fs';
import { SEED_FILE } from '../../targets/catalogue.ts';
import { type RunningTarget, startTarget, ZOO_KEYS, type ZooSettings } from '../../targets/launch.ts';
import type { Flavour, ZooTarget } from '../../targets/zoo-target.ts';
import { type CliRun, runCli, runCliInProcess } from '../support/cli.ts';

/**
 * The compressed window every zoo run uses: the Free plan's 60 requests in 6 s instead of a minute. Shorter made
 * the state checks after the probe unstable: the walk sends the held fixture's cancel past Remaining 0 only with
 * 1.5 s of its window left (a Reset read in whole seconds), and a token bucket refilling 20 tokens a second could
 * serve it.
 */
export const ZOO_WINDOW: ZooSettings = { rateLimit: 60, windowSeconds: 6 };

interface SeedOrder {
  id: string;
  status: 'pending' | 'shipped';
}

const SEED = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedOrder[];
export const PENDING_IDS = SEED.filter((o) => o.status === 'pending').map((o) => o.id);
export const SHIPPED_IDS = SEED.filter((o) => o.status === 'shipped').map((o) => o.id);

export interface ZooRunOptions {
  flavour?: Flavour;
  misconfig?: string;
  seed: number;
  /** Further conformance-command arguments (a misconfiguration's). */
  args?: string[];
  /** Environment of the command beyond the ORDER_STORE_* settings (NODE_EXTRA_CA_CERTS for TLS). */
  env?: Record<string, string>;
  settings?: Partial<ZooSettings>;
  /** Kills the spawned command after this long (default 90 s); an in-process run is bounded by its test's timeout. */
  timeoutMs?: number;
  /**
   * Run the command's main() inside this process instead of spawning bin/: the same argv and environment, without
   * the child's start-up and cold engine (about 0.5-0.8 s of CPU a run). Not for a flavour's commandEnv (Node reads
   * NODE_EXTRA_CA_CERTS at start), nor for a run whose claim rests on its timing against a real limiter.
   */
  inProcess?: boolean;
}

export interface ZooRun {
  run: CliRun;
  stats: { early: number; bans: number };
  targetOutput: string;
  wallMs: number;
}

/**
 * The command's arguments for a zoo target at `baseUrl`: every check, both keys, every fixture, and the
 * burst unless `burst` is false (a misconfiguration's run that is not about it).
 */
export function zooArgs(baseUrl: string, seed: number, burst = true): string[] {
  return [
    '--base-url',
    baseUrl,
    '--cancellable-order-ids',
    PENDING_IDS.join(','),
    '--shipped-order-ids',
    SHIPPED_IDS.join(','),
    ...(burst ? ['--burst'] : []),
    // A test key to a test server on this machine: the key may go in a URL (AUTH-QUERY-KEY-401).
    '--allow-key-in-url',
    '--seed',
    String(seed),
  ];
}

export async function zooRun(target: ZooTarget, options: ZooRunOptions): Promise<ZooRun> {
  const started = performance.now();
  let running: RunningTarget | undefined;
  try {
    running = await startTarget(target, {
      ...ZOO_WINDOW,
      ...(target.windowSeconds ? { windowSeconds: target.windowSeconds } : {}),
      ...options.settings,
      ...(options.misconfig ? { misconfig: options.misconfig } : {}),
      env: options.flavour?.env ?? {},
    });
    const args = [
      ...zooArgs(running.baseUrl, options.seed, options.misconfig === undefined),
      ...(options.args ?? []),
    ];
    // Keys travel in the environment, never in argv (a process list shows argv).
    const env = {
      ORDER_STORE_API_KEY: ZOO_KEYS[0],
      ORDER_STORE_SECOND_API_KEY: ZOO_KEYS[1],
      ...options.flavour?.commandEnv,
      ...options.env,
    };
    if (options.inProcess && options.flavour?.commandEnv)
      throw new Error(`zooRun: flavour ${options.flavour.name} sets the command's environment: spawn it`);
    const run = options.inProcess
      ? await runCliInProcess(args, { env })
      : await runCli(args, { env, timeoutMs: options.timeoutMs ?? 90_000 });
    return {
      run,
      stats: running.stats(),
      targetOutput: running.output(),
      wallMs: performance.now() - started,
    };
  } finally {
    await running?.close();
  }
}

/** A zoo run's findings, one line each: every fail, warn and error. */
export function loudChecks(run: CliRun): string[] {
  return (run.report?.checks ?? [])
    .filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error')
    .map((c) => `${c.id} ${c.status}: ${c.message}`);
}

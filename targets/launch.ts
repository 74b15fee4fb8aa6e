// Starts a zoo target as a child process with the ZOO_* environment (targets/README.md), waits for its
// "ZOO listening <url>" line and counts the events it reports (early requests inside a 429, bans).
// Test support only; it never judges the target: the conformance command does.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { SEED_FILE } from './catalogue.ts';
import type { Requirement, ZooTarget } from './zoo-target.ts';

export const ZOO_KEYS = ['zoo_key_primary_5b8e1c7a', 'zoo_key_second_9d2f4761'] as const;

export interface ZooSettings {
  /** Requests per window, per key (and per client address for requests without a valid key). */
  rateLimit: number;
  windowSeconds: number;
  banSeconds?: number;
  /** Early requests (inside a 429's Retry-After) before a ban; 1 = the first one. */
  banAfter?: number;
  misconfig?: string;
  /** Further ZOO_* variables (a flavour's). */
  env?: Record<string, string>;
}

export interface RunningTarget {
  baseUrl: string;
  /** Events the target reported so far. */
  stats(): { early: number; bans: number };
  /** Every line the target wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

const available = new Map<string, string | undefined>();

/** Why the target cannot run on this machine (the missing program and how to get it), or undefined. */
export function unavailable(target: ZooTarget): string | undefined {
  for (const r of target.requires ?? []) {
    const why = missing(r);
    if (why) return why;
  }
  return undefined;
}

/** How many requirement probes checkRequirements runs at a time (each may import a framework: CPU). */
const PROBES_AT_ONCE = 4;

/**
 * Runs the requirement probes of `targets` ahead, a few side by side, so that unavailable() answers from them:
 * one after another, the zoo's 19 targets' probes took 5 s before its first run could start (1.4 s less this
 * way on the 2-core machine half loaded; nothing gained when its cores are saturated: the probes are CPU).
 */
export async function checkRequirements(targets: readonly ZooTarget[]): Promise<void> {
  const todo = [...new Map(targets.flatMap((t) => t.requires ?? []).map((r) => [key(r), r])).values()].filter(
    (r) => !available.has(key(r)),
  );
  const next = async (): Promise<void> => {
    for (let r = todo.shift(); r; r = todo.shift()) {
      const ok = await new Promise<boolean>((done) => {
        execFile(r.command, r.versionArgs, { timeout: 10_000 }, (error) => done(error === null));
      });
      available.set(key(r), ok ? undefined : absent(r));
    }
  };
  await Promise.all(Array.from({ length: PROBES_AT_ONCE }, next));
}

/** Every probe answered so far in this process: its key, and why it failed (null when it ran). */
export function requirementAnswers(): Record<string, string | null> {
  return Object.fromEntries([...available].map(([k, why]) => [k, why ?? null]));
}

/** Takes probe answers another process gave (requirementAnswers) as this one's: they are not run again. */
export function adoptRequirementAnswers(answers: Record<string, string | null>): void {
  for (const [k, why] of Object.entries(answers)) if (!available.has(k)) available.set(k, why ?? undefined);
}

// By the whole probe: one interpreter may have one target's libraries and not another's.
const key = (r: Requirement) => [r.command, ...r.versionArgs].join('\0');
const absent = (r: Requirement) => `${r.what ?? r.command} is not on this machine: ${r.hint}`;

function missing(r: Requirement): string | undefined {
  const probe = key(r);
  if (!available.has(probe)) {
    const res = spawnSync(r.command, r.versionArgs, { stdio: 'ignore', timeout: 10_000 });
    available.set(probe, res.status === 0 ? undefined : absent(r));
  }
  return available.get(probe);
}

export async function startTarget(
  target: ZooTarget,
  settings: ZooSettings,
  timeoutMs = 30_000,
): Promise<RunningTarget> {
  const launch = await target.launch();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    ZOO_HOST: '127.0.0.1',
    ZOO_PORT: '0',
    ZOO_BASE_PATH: '/v1',
    ZOO_KEYS: ZOO_KEYS.join(','),
    ZOO_SEED: SEED_FILE,
    ZOO_RATE_LIMIT: String(settings.rateLimit),
    ZOO_RATE_WINDOW: String(settings.windowSeconds),
    ZOO_BAN_SECONDS: String(settings.banSeconds ?? 60),
    ZOO_BAN_AFTER: String(settings.banAfter ?? 1),
    ZOO_MISCONFIG: settings.misconfig ?? '',
    ...settings.env,
  };
  const child = spawn(launch.file, launch.args, {
    cwd: launch.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let early = 0;
  let bans = 0;
  let pending = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${target.id} did not say "ZOO listening" within ${timeoutMs} ms:\n${text}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${target.id} exited (${code ?? signal}) before listening:\n${text}`));
    });
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const [tag, event, rest] = line.trim().split(/\s+/, 3);
        if (tag !== 'ZOO') continue;
        if (event === 'listening' && rest) {
          clearTimeout(timer);
          resolve(rest);
        } else if (event === 'early') early++;
        else if (event === 'ban') bans++;
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      text += d.toString();
    });
  });
  const baseUrl = await url;
  return {
    baseUrl,
    stats: () => ({ early, bans }),
    output: () => text,
    close: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

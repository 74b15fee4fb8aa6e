// Wall time of a whole conformance run against the embedded reference server (the main job on a fresh
// machine), as a median over several runs, next to the bare start-up cost of the command (--list).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, median } from './stats.ts';

const BIN = fileURLToPath(new URL('../bin/order-store-conformance.js', import.meta.url));
const ROUNDS = Number(process.argv[2] ?? 5);

function timed(args: string[]): number {
  const cwd = mkdtempSync(join(tmpdir(), 'osc-bench-'));
  const t = Date.now();
  const r = spawnSync(process.execPath, [BIN, '--report-dir', join(cwd, 'reports'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return (Date.now() - t) / 1000;
}

const startup: number[] = [];
const full: number[] = [];
const noProbe: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  startup.push(timed(['--list']));
  noProbe.push(timed(['--skip-rate-limit-probe', '--seed', String(i)]));
  full.push(timed(['--seed', String(i)]));
}
console.log(`embedded conformance run, ${ROUNDS} rounds`);
console.log(`  start-up (--list):       ${describe(startup, 's')}`);
console.log(`  run without the probe:   ${describe(noProbe, 's')}`);
console.log(`  full run:                ${describe(full, 's')}`);
console.log(`  ratio full/start-up:     ${(median(full) / median(startup)).toFixed(1)}x`);

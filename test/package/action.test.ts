// action.yml, the composite GitHub Action, stays true: it parses; its inputs cover the run's settings and reach
// the command only through the environment (never pasted into a script); it leaves the caller's Node alone (no
// setup-node); and its run steps' own commands, run here as the runner would (bash, the inputs and step outputs
// substituted, GITHUB_* files), install the suite from a clone with its runtime dependencies only, and gate
// against the reference server, clean and with a fault, with unique artifact names and the JUnit path.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../../lib/config/settings.ts';
import { ROOT } from '../support/cli.ts';
import { cloneWorkingTree } from '../support/clone.ts';
import { reference } from '../support/reference.ts';

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number>;
  'working-directory'?: string;
}
interface Action {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const action = parse(text) as Action;
const EXPR = /\$\{\{\s*([^}]+?)\s*\}\}/g;

/** The action as the runner fetches it: a clone of this repository, nothing built, nothing installed. */
let actionPath = '';

/** `${{ inputs.x }}`, `${{ steps.id.outputs.x }}` and `${{ github.action_path }}` as the runner substitutes them. */
function substitute(value: string, inputs: Record<string, string>, outputs: Record<string, string>): string {
  return value.replace(EXPR, (_, expr: string) => {
    const input = /^inputs\.([a-z0-9-]+)$/.exec(expr);
    if (input) return inputs[input[1]!] ?? action.inputs[input[1]!]?.default ?? '';
    const output = /^steps\.[a-z0-9-]+\.outputs\.([a-z0-9-]+)$/.exec(expr);
    if (output) return outputs[output[1]!] ?? '';
    if (expr === 'github.action_path') return actionPath;
    throw new Error(`an expression this test does not know: ${expr}`);
  });
}

/** One step's script under bash as the runner starts it; async, as the reference server shares this process. */
function bash(script: string, cwd: string, env: Record<string, string>) {
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the step did not finish within 180 s\n${out}`));
    }, 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const readOutputs = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

/** Runs every `run:` step as the runner does (bash -eo pipefail), in order; returns what it left. */
async function runSteps(inputs: Record<string, string>, env: Record<string, string> = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'osc-action-'));
  const summary = join(workspace, 'step-summary.md');
  const output = join(workspace, 'github-output');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  let stdout = '';
  let code: number | null = 0;
  for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
    const stepEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? workspace,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_JOB: 'conformance',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      // npm's cache holds every package this project installs: the step's npm takes them from there.
      npm_config_prefer_offline: 'true',
      ...env,
    };
    const outputs = readOutputs(output);
    for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = substitute(v, inputs, outputs);
    const cwd = step['working-directory']
      ? substitute(step['working-directory'], inputs, outputs)
      : workspace;
    const r = await bash(step.run!, cwd, stepEnv);
    stdout += r.out;
    code = r.code;
    if (code !== 0) break;
  }
  return { code, stdout, outputs: readOutputs(output), summary: readFileSync(summary, 'utf8'), workspace };
}

async function server(faults: string[] = []) {
  const s = await reference({ faults, rateLimit: { limit: 40, windowSeconds: 1 } });
  return {
    s,
    inputs: {
      'base-url': s.baseUrl,
      'api-key': s.demoKey,
      'cancellable-order-ids': s.fixtures.pending.join(','),
      'shipped-order-ids': s.fixtures.shipped.join(','),
      args: '--trust-order-list --seed 3 --property-runs 1',
    },
  };
}

beforeAll(() => {
  actionPath = cloneWorkingTree().dir;
});

describe('action.yml', () => {
  it('is a composite action whose inputs cover the run and reach it only through the environment', () => {
    expect(action.runs.using).toBe('composite');
    for (const name of [
      'base-url',
      'api-key',
      'cancellable-order-ids',
      'shipped-order-ids',
      'fixtures-command',
      'fixtures-ledger',
      'profile',
      'baseline',
      'fail-on',
      'min-must-evaluated',
      'wait-for-target',
      'junit-path',
    ])
      expect(Object.keys(action.inputs), name).toContain(name);
    const used = new Set([...text.matchAll(/\binputs\.([a-z0-9-]+)/g)].map((m) => m[1]!));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const step of action.runs.steps) {
      if (step.run !== undefined) {
        expect(step.run, `${step.name}: no expression inside a script`).not.toMatch(EXPR);
        expect(step.shell).toBe('bash');
      }
      for (const k of Object.keys(step.env ?? {}).filter((x) => x.startsWith('ORDER_STORE_')))
        expect(
          SETTINGS.map((s) => s.env as string),
          k,
        ).toContain(k);
    }
    // The caller's Node is left as it is: no setup-node, whose PATH change would reach every later step.
    expect(action.runs.steps.map((s) => s.uses).filter(Boolean)).toEqual([
      'actions/cache@v4',
      'actions/upload-artifact@v4',
    ]);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.with!.path).toMatch(/^\$\{\{ steps\.run\.outputs\.run-dir \}\}$/);
    expect(upload.with!.name).toMatch(/^\$\{\{ steps\.run\.outputs\.artifact-name \}\}$/);
    expect(upload.if).toMatch(/!cancelled\(\)/);
    expect(Object.keys(action.outputs)).toEqual(
      expect.arrayContaining(['verdict', 'exit-code', 'run-dir', 'junit-path', 'artifact-name']),
    );
  });

  it('its steps install the runtime dependencies only, and a faulty server fails the step', async () => {
    const { s, inputs } = await server(['list-wrapped']);
    const run = await runSteps({ ...inputs, 'junit-path': 'out/junit.xml' });
    expect(run.code, run.stdout).toBe(1);
    // Installed from the clone: the build, and no dev dependency (no framework, no browser, no TypeScript).
    expect(existsSync(join(actionPath, 'dist', 'cli', 'main.js'))).toBe(true);
    const installed = readdirSync(join(actionPath, 'node_modules'));
    expect(installed).toEqual(expect.arrayContaining(['undici', 'lossless-json', 'fast-check', 'dotenv']));
    for (const dev of ['typescript', 'vitest', 'express', 'playwright-core', 'ajv'])
      expect(installed, dev).not.toContain(dev);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', verdict: 'non-conformant' });
    expect(existsSync(join(run.outputs['run-dir']!, 'report.json'))).toBe(true);
    expect(run.outputs['junit-path']).toBe(join(run.workspace, 'out', 'junit.xml'));
    expect(readFileSync(run.outputs['junit-path']!, 'utf8')).toMatch(/<testcase[^>]+name="LIST-BODY-ARRAY"/);
    expect(run.stdout).toMatch(/^::error title=LIST-BODY-ARRAY /m);
    expect(run.summary).toMatch(/^# Order Store conformance: NON-CONFORMANT/);
    for (const t of [run.stdout, run.summary]) expect(t).not.toContain(s.demoKey);
  }, 300_000);

  it('a conformant server passes; each run gets its own artifact name; args go through as written', async () => {
    const { inputs } = await server();
    // One flag or value per line: a value with spaces stays one argument, a * is no glob.
    const args = '--trust-order-list\n--seed\n3\n--skip-rate-limit-probe\n--header\nX-Gateway: a * b';
    const first = await runSteps({ ...inputs, args, 'fail-on': 'warn', profile: 'standard' });
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs).toMatchObject({ 'exit-code': '0', verdict: 'conformant' });
    expect(first.summary).toMatch(/^# Order Store conformance: CONFORMANT/);
    expect(first.outputs['artifact-name']).toMatch(
      /^conformance-reports-conformance-\d{8}T\d{6}Z-[0-9a-f]{4}$/,
    );
    expect(first.outputs['junit-path']).toBe(join(first.outputs['run-dir']!, 'junit.xml'));
    const exchange = JSON.parse(readFileSync(join(first.outputs['run-dir']!, 'report.json'), 'utf8'))
      .checks[0].exchanges[0];
    expect(exchange.request.headers['x-gateway']).toBe('a * b');
    const second = await runSteps({
      ...inputs,
      args: '--trust-order-list --seed 3 --only LIST,VER --skip-rate-limit-probe',
    });
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs['artifact-name']).not.toBe(first.outputs['artifact-name']);
  }, 300_000);

  it('fixtures-command mints the fixtures: the run takes the ids the command prints', async () => {
    const { inputs } = await server();
    // No ids given: the command's are the run's.
    const { 'cancellable-order-ids': pending, 'shipped-order-ids': shipped, ...rest } = inputs;
    const mint = join(mkdtempSync(join(tmpdir(), 'osc-mint-')), 'mint.sh');
    // Prints the server's fixtures, whatever number it is asked for.
    writeFileSync(mint, `printf '%s\\n' '{"cancellable": [${pending}], "shipped": [${shipped}]}'\n`);
    const run = await runSteps({
      ...rest,
      'fixtures-command': `sh ${mint}`,
      args: '--trust-order-list --seed 3 --only LIST,CANCEL --skip-rate-limit-probe',
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/fixtures minted for this run \(--fixtures-command\)/);
    const report = JSON.parse(readFileSync(join(run.outputs['run-dir']!, 'report.json'), 'utf8'));
    expect(report.settings.cancellableOrderIds).toEqual(pending!.split(','));
    expect(report.checks.find((c: { id: string }) => c.id === 'CANCEL-PENDING-204').status).toBe('pass');
  }, 300_000);

  it('no base-url in CI is refused (exit 2) unless embedded: true asks for the demo server', async () => {
    const refused = await runSteps({});
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/no target: CI is set/);
    const embedded = await runSteps({ embedded: 'true', args: '--skip-rate-limit-probe --only LIST' });
    expect(embedded.code, embedded.stdout).toBe(0);
  }, 300_000);

  it('without a Node of 20.19 or later on PATH or in the tool cache, it says what to add, and stops', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'osc-old-node-'));
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho v18.20.0 >&2\nexit 1\n');
    chmodSync(join(bin, 'node'), 0o755);
    const cache = join(bin, 'tool-cache');
    mkdirSync(cache);
    const run = await runSteps({}, { PATH: `${bin}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: cache });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /needs Node\.js 20\.19 or later.*add actions\/setup-node \(node-version: 20\) before this step/,
    );
  });
});

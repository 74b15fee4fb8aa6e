// action.yml, the composite GitHub Action, stays true: it parses; its inputs cover the run's settings and
// reach the command only through the environment (never pasted into a script); every ORDER_STORE_* variable
// it sets is a known setting; and its run steps' own commands, run here as the runner would (bash, the
// inputs substituted, GITHUB_* files), gate against the reference server, clean and with a fault.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../lib/config/settings.ts';
import { ROOT } from './support/cli.ts';
import { reference } from './support/reference.ts';

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

/** `${{ inputs.x }}` and `${{ github.action_path }}` as the runner would substitute them. */
function substitute(value: string, inputs: Record<string, string>): string {
  return value.replace(EXPR, (_, expr: string) => {
    const input = /^inputs\.([a-z0-9-]+)$/.exec(expr);
    if (input) return inputs[input[1]!] ?? action.inputs[input[1]!]?.default ?? '';
    if (expr === 'github.action_path') return ROOT;
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
      reject(new Error(`the step did not finish within 90 s\n${out}`));
    }, 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Runs every `run:` step as the runner does (bash -eo pipefail), in order; returns what it left. */
async function runSteps(inputs: Record<string, string>) {
  const workspace = mkdtempSync(join(tmpdir(), 'osc-action-'));
  const summary = join(workspace, 'step-summary.md');
  const output = join(workspace, 'github-output');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  let stdout = '';
  let code: number | null = 0;
  for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: workspace,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(v, inputs);
    const cwd = step['working-directory'] ? substitute(step['working-directory'], inputs) : workspace;
    const r = await bash(step.run!, cwd, env);
    stdout += r.out;
    code = r.code;
    if (code !== 0) break;
  }
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { code, stdout, outputs, summary: readFileSync(summary, 'utf8'), workspace };
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

describe('action.yml', () => {
  it('is a composite action whose inputs cover the run and reach it only through the environment', () => {
    expect(action.runs.using).toBe('composite');
    for (const name of [
      'base-url',
      'api-key',
      'cancellable-order-ids',
      'shipped-order-ids',
      'profile',
      'baseline',
      'fail-on',
    ])
      expect(Object.keys(action.inputs), name).toContain(name);
    const used = new Set([...text.matchAll(/\binputs\.([a-z0-9-]+)/g)].map((m) => m[1]!));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const step of action.runs.steps) {
      if (step.run !== undefined) {
        expect(step.run, `${step.name}: no expression inside a script`).not.toMatch(EXPR);
        expect(step.shell).toBe('bash');
      }
      if (step.uses !== undefined) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
      for (const k of Object.keys(step.env ?? {}).filter((x) => x.startsWith('ORDER_STORE_')))
        expect(
          SETTINGS.map((s) => s.env as string),
          k,
        ).toContain(k);
    }
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.with!.path).toMatch(/^\$\{\{ steps\.run\.outputs\.run-dir \}\}$/);
    expect(upload.if).toMatch(/!cancelled\(\)/);
  });

  it('its steps run here: a faulty server fails the step with annotations, summary and the run folder', async () => {
    const { s, inputs } = await server(['list-wrapped']);
    const run = await runSteps(inputs);
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', verdict: 'non-conformant' });
    expect(existsSync(join(run.outputs['run-dir']!, 'report.json'))).toBe(true);
    expect(run.stdout).toMatch(/^::error title=LIST-BODY-ARRAY /m);
    expect(run.summary).toMatch(/^# Order Store conformance: NON-CONFORMANT/);
    for (const t of [run.stdout, run.summary]) expect(t).not.toContain(s.demoKey);
  }, 120_000);

  it('its steps run here: a conformant server passes, with fail-on warn and a profile given', async () => {
    const { inputs } = await server();
    const run = await runSteps({ ...inputs, 'fail-on': 'warn', profile: 'standard' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', verdict: 'conformant' });
    expect(run.summary).toMatch(/^# Order Store conformance: CONFORMANT/);
  }, 120_000);

  it('no base-url in CI is refused (exit 2) unless embedded: true asks for the demo server', async () => {
    const refused = await runSteps({});
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/no target: CI is set/);
    const embedded = await runSteps({ embedded: 'true', args: '--skip-rate-limit-probe --only LIST' });
    expect(embedded.code, embedded.stdout).toBe(0);
  }, 120_000);
});

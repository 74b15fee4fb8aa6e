// docs/ci.md stays true: both YAML recipes parse; every command they run exists; every flag, subcommand and
// ORDER_STORE_* setting they pass is one the command knows; and the recipe's own command line gates as
// documented when run against the reference server with a fault and a baseline written from it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SUBCOMMAND_NAMES } from '../../cli/main.ts';
import { loadConfig } from '../../lib/config/load.ts';
import { SETTINGS } from '../../lib/config/settings.ts';
import { ROOT, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const blocks = (lang: string) =>
  [...doc.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);

type Job = { env: Record<string, string>; commands: string[] };

function githubJobs(y: {
  jobs: Record<string, { steps: { run?: string; env?: Record<string, string> }[] }>;
}): Job[] {
  return Object.values(y.jobs).flatMap((j) =>
    j.steps
      .filter((s) => s.run)
      .map((s) => ({ env: s.env ?? {}, commands: s.run!.split('\n').filter(Boolean) })),
  );
}

function gitlabJobs(y: Record<string, { script?: string[]; variables?: Record<string, string> }>): Job[] {
  return Object.values(y)
    .filter((j) => typeof j === 'object' && j !== null && Array.isArray(j.script))
    .map((j) => ({ env: j.variables ?? {}, commands: j.script! }));
}

/** What a CI system would put in each variable: plausible values of the right kind. */
function sampleEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { CI: 'true' };
  const samples: Record<string, string> = {
    ORDER_STORE_BASE_URL: 'https://staging.example.com/v1',
    ORDER_STORE_API_KEY: 'osk_sample_key',
    ORDER_STORE_CANCELLABLE_ORDER_IDS: '1001,1002',
    ORDER_STORE_SHIPPED_ORDER_IDS: '900',
    ORDER_STORE_PLAN: 'pro',
  };
  for (const k of Object.keys(env)) out[k] = samples[k] ?? 'x';
  return out;
}

/** A CI glob (`*` within one path segment, `[...]` classes) as a regular expression over whole paths. */
function globRegExp(glob: string): RegExp {
  const body = glob
    .split(/(\*|\[[^\]]+\])/)
    .map((part) =>
      part === '*' ? '[^/]*' : part.startsWith('[') ? part : part.replace(/[.+?^${}()|\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/** Every file below `dir`, relative to `root`, following links to folders as a CI glob does. */
function filesBelow(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(root, rel)).isDirectory() ? filesBelow(root, rel) : [rel];
  });
}

/** Splits a shell line into words; the recipes use no quoting beyond plain double quotes. */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

function checkCommand(line: string, env: Record<string, string>): void {
  const [cmd, ...rest] = words(line);
  expect(
    () => execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'pipe' }),
    `${cmd} exists`,
  ).not.toThrow();
  if (cmd !== 'npm') return;
  if (rest[0] === 'ci') return;
  expect(rest[0], line).toBe('run');
  expect(Object.keys(pkg.scripts), line).toContain(rest[1]);
  if (rest[1] !== 'conformance') return;
  expect(rest[2], `${line}: arguments follow --`).toBe('--');
  const args = rest.slice(3);
  if (args[0] !== undefined && !args[0].startsWith('-')) {
    expect(SUBCOMMAND_NAMES, line).toContain(args[0]);
    for (const a of args.filter((x) => x.startsWith('--'))) expect(['--out', '--help'], line).toContain(a);
    return;
  }
  // The real parser: an unknown flag, a bad value or a missing target is a UsageError here.
  expect(() => loadConfig(args, { env, cwd: ROOT }), line).not.toThrow();
}

describe('docs/ci.md recipes', () => {
  const yamls = blocks('yaml').map((t) => parse(t) as Record<string, unknown>);

  it('has a GitHub Actions workflow, one with the action, a GitLab CI job, a workflow with a pool and one with a fixtures command, that parse', () => {
    // The sixth, the proxy around a test job, is test/passive/ci-recipe.test.ts's.
    expect(yamls).toHaveLength(6);
    expect(yamls[0]).toHaveProperty('jobs');
    expect(yamls[2]).toHaveProperty('stages');
  });

  it('the pool recipe carries the fixtures ledger from job to job, and points the run at it', () => {
    const steps = (
      yamls[3] as {
        jobs: { conformance: { steps: { uses?: string; run?: string; with?: Record<string, string> }[] } };
      }
    ).jobs.conformance.steps;
    const restore = steps.find((s) => s.uses === 'actions/cache/restore@v4')!;
    const save = steps.find((s) => s.uses === 'actions/cache/save@v4')!;
    const run = steps.find((s) => s.run?.startsWith('npm run conformance'))!;
    const ledger = words(run.run!)[words(run.run!).indexOf('--fixtures-ledger') + 1];
    expect(ledger).toBe('fixtures-ledger.json');
    expect(restore.with!.path).toBe(ledger);
    expect(save.with!.path).toBe(ledger);
    // A cache is written once per key: each run saves under its own, and restores the newest by prefix.
    expect(save.with!.key).toMatch(/^conformance-ledger-\$\{\{ github\.run_id \}\}/);
    expect(restore.with!['restore-keys']).toBe('conformance-ledger-');
  });

  it("the action's recipe passes only inputs action.yml declares, the key from a secret", () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    const steps = (
      yamls[1] as { jobs: { conformance: { steps: { uses?: string; with?: Record<string, string> }[] } } }
    ).jobs.conformance.steps;
    const step = steps.find((s) => s.uses?.includes('/order-store-conformance@'))!;
    expect(Object.keys(step.with!).filter((k) => !(k in action.inputs))).toEqual([]);
    expect(step.with!['api-key']).toMatch(/^\$\{\{ secrets\./);
    expect((yamls[1] as { jobs: { deploy: { needs: string } } }).jobs.deploy.needs).toBe('conformance');
  });

  it('runs only commands that exist, with known subcommands, flags and settings', () => {
    const jobs = [
      ...githubJobs(yamls[0] as never),
      ...githubJobs(yamls[3] as never),
      ...githubJobs(yamls[4] as never),
      ...gitlabJobs(yamls[2] as never),
    ];
    const known = SETTINGS.map((s) => s.env as string);
    let conformanceRuns = 0;
    for (const job of jobs) {
      for (const k of Object.keys(job.env).filter((x) => x.startsWith('ORDER_STORE_')))
        expect(known, k).toContain(k);
      for (const line of job.commands) {
        checkCommand(line, sampleEnv(job.env));
        if (line.startsWith('npm run conformance')) conformanceRuns++;
      }
    }
    expect(conformanceRuns).toBe(4);
    for (const line of blocks('sh').flatMap((b) => b.split('\n').filter(Boolean)))
      checkCommand(line, { CI: 'true' });
  });

  it('the secrets come from the CI system, and the deploy waits for the conformance job', () => {
    const gh = yamls[0] as { jobs: { deploy: { needs: string } } };
    expect(gh.jobs.deploy.needs).toBe('conformance');
    expect(blocks('yaml')[0]).toContain('ORDER_STORE_API_KEY: ${{ secrets.');
    const gl = yamls[2] as Record<string, { needs?: string[]; artifacts?: { reports?: { junit?: string } } }>;
    expect(gl['deploy:production']!.needs).toEqual(['conformance:staging']);
    expect(gl['conformance:staging']!.artifacts!.reports!.junit).toBe('reports/[0-9]*/junit.xml');
  });

  it("the recipe's command gates as documented against the reference server with a fault", {
    timeout: 120_000,
  }, async () => {
    const line = (yamls[2] as Record<string, { script?: string[] }>)['conformance:staging']!.script!.find(
      (l) => l.startsWith('npm run conformance'),
    )!;
    const args = words(line).slice(4);
    // A staging server with a fault. The probe (tested in its own files, and timing-bound) is left out through
    // the environment, as a job variable would, so the recipe's command line itself is what runs.
    const staging = () => reference({ faults: ['list-wrapped'] });
    const server = await staging();
    const cwd = mkdtempSync(join(tmpdir(), 'osc-recipe-'));
    const jobVariables = { CI: 'true', ORDER_STORE_SKIP_RATE_LIMIT_PROBE: 'true' };
    const env = { ...jobVariables, ...targetEnv(server) };
    // The documented way to write the baseline, from a first run without one.
    const first = await runCliInProcess(
      args.filter((a, i) => a !== '--baseline' && args[i - 1] !== '--baseline'),
      {
        cwd,
        env,
        noReportDir: true,
      },
    );
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const write = words(blocks('sh')[0]!.trim()).slice(4);
    expect((await runCliInProcess(write, { cwd, noReportDir: true })).code).toBe(0);
    // The next deploy, against staging as it stands (fixtures not yet cancelled: a fresh server).
    const gated = await runCliInProcess(args, {
      cwd,
      env: { ...jobVariables, ...targetEnv(await staging()) },
      noReportDir: true,
    });
    expect(gated.code, gated.stdout + gated.stderr).toBe(0);
    expect(gated.report!.baseline!.known.map((k) => k.id)).toContain('LIST-BODY-ARRAY');
    expect(readFileSync(join(cwd, 'reports', 'latest', 'report.md'), 'utf8')).toMatch(/known: /);
    // The JUnit globs of both recipes, on the reports folder two runs left: each run's file once, never
    // again through reports/latest (the glob the recipes had, reports/*/junit.xml, matched it too).
    const files = filesBelow(cwd, 'reports');
    const globs = [
      (
        yamls[0] as { jobs: { conformance: { steps: { with?: { report_paths?: string } }[] } } }
      ).jobs.conformance.steps
        .map((s) => s.with?.report_paths)
        .find((p) => p !== undefined)!,
      (yamls[2] as Record<string, { artifacts?: { reports?: { junit?: string } } }>)['conformance:staging']!
        .artifacts!.reports!.junit!,
    ];
    for (const glob of globs) {
      const matched = files.filter((f) => globRegExp(glob).test(f));
      expect(matched, glob).toHaveLength(2);
      expect(
        matched.some((f) => f.startsWith('reports/latest/')),
        glob,
      ).toBe(false);
    }
    expect(files.filter((f) => globRegExp('reports/*/junit.xml').test(f))).toHaveLength(3);
  });
});

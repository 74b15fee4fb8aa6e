// docs/ci.md's proxy recipe stays true: the workflow parses, its proxy command line takes only settings the
// proxy knows (from the flags and the step's environment), it publishes the JUnit of run folders only, and
// its script gates on the tests and the proxy alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../../lib/config/settings.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import { ROOT } from '../support/cli.ts';

const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
const recipe = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
  (m) => parse(m[1]!) as Record<string, unknown>,
)[5]!;

type Step = { run?: string; env?: Record<string, string>; with?: Record<string, string> };
const steps = (recipe as { jobs: Record<string, { steps: Step[] }> }).jobs['e2e-with-conformance']!.steps;

describe("docs/ci.md's proxy recipe", () => {
  const step = steps.find((s) => s.run?.includes('order-store-conformance proxy'))!;
  const script = step.run!.split('\n').filter(Boolean);

  it('starts the proxy with settings it knows, the key and target from the CI system', () => {
    const line = script.find((l) => l.includes(' proxy '))!;
    const args = line.split('>')[0]!.trim().split(/\s+/).slice(3);
    // What the CI system would put in each variable.
    const samples: Record<string, string> = {
      ORDER_STORE_PROXY_TARGET: 'https://staging.example.com',
      ORDER_STORE_API_KEY: 'osk_sample_key',
      ORDER_STORE_SHIPPED_ORDER_IDS: '900',
    };
    const env = Object.fromEntries(Object.keys(step.env!).map((k) => [k, samples[k] ?? 'x']));
    for (const k of Object.keys(step.env!).filter((x) => x.startsWith('ORDER_STORE_')))
      expect(
        SETTINGS.map((s) => s.env as string),
        k,
      ).toContain(k);
    const config = loadTrafficConfig(args, 'proxy', { env, cwd: ROOT });
    expect(config).toMatchObject({ target: 'https://staging.example.com', port: 8081 });
    expect(step.env!.ORDER_STORE_API_KEY).toMatch(/^\$\{\{ secrets\./);
    expect(step.env!.API_BASE_URL).toBe('http://127.0.0.1:8081/v1');
  });

  it('stops it with SIGINT after the tests, and fails the job on either', () => {
    expect(script.findIndex((l) => l.startsWith('npm test'))).toBeLessThan(
      script.findIndex((l) => l.includes('kill -INT')),
    );
    expect(script.at(-1)).toBe('exit $(( tests != 0 ? tests : conformance ))');
  });

  it('publishes the JUnit of the run folders, never reports/latest twice', () => {
    expect(steps.find((s) => s.with?.report_paths)!.with!.report_paths).toBe('reports/[0-9]*/junit.xml');
  });
});

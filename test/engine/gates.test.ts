// Gates that mean what they say: a floor of MUST checks evaluated (--min-must-evaluated), refused before sending
// when the plan cannot meet it, failing the run (exit 3) when the run falls short; in CI by default every MUST the
// plan runs must reach a verdict, so a store of exactly ten orders (read as a page) never passes a deploy gate
// with its absent-id checks unevaluated.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS, type SeedOrder } from '../../reference/seed.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

/** Ten orders: a list that looks like a page, so no id is sent as absent unless the list is trusted. */
const TEN: SeedOrder[] = [
  ...DEFAULT_ORDERS,
  ...[11, 12].map((id) => ({
    id: BigInt(id),
    petId: BigInt(id + 100),
    quantity: 1,
    shipDate: '2026-12-01T10:00:00Z',
    complete: false,
    status: 'pending' as const,
  })),
];

// Nothing is cancelled: the three runs share one server, and each would need the fixtures fresh.
const QUICK = ['--skip-rate-limit-probe', '--only', 'LIST,CANCEL-UNKNOWN,VER', '--seed', '6'];
// Without LIST-NO-NARROWING, nothing shows a page-sized list whole: the absent-id checks stay stopped.
const PAGE_LIKE = [
  '--skip-rate-limit-probe',
  '--only',
  'LIST-STATUS-200,LIST-BODY-ARRAY,LIST-IDS-INT64,LIST-ITEMS-ORDER,CANCEL-UNKNOWN,VER',
  '--seed',
  '6',
];

describe('--min-must-evaluated', () => {
  it('a floor the plan cannot meet is refused before sending, naming what to provide', async () => {
    const server = await reference();
    const env = targetEnv(server);
    const all = await runCliInProcess(['--skip-rate-limit-probe', '--min-must-evaluated', '100%'], { env });
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(
      /ORDER_STORE_MIN_MUST_EVALUATED \(--min-must-evaluated\) 100% asks for (\d+) MUST checks evaluated, and the plan runs \d+ of the \1 selected \(left out: RL-PROBE-.*\); provide drop --skip-rate-limit-probe/,
    );
    const many = await runCliInProcess([...QUICK, '--min-must-evaluated', '500'], { env });
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/asks for 500 MUST checks evaluated, and only \d+ are selected/);
    expect(server.stats().requests).toBe(0);
  });

  it('a floor the run meets passes; one it falls short of at the end is exit 3, naming the checks and why', async () => {
    const server = await reference({ orders: TEN });
    // Not trusted, and not said so: the setting is left to its default.
    const { ORDER_STORE_TRUST_ORDER_LIST: _trusted, ...env } = targetEnv(server);
    const met = await runCliInProcess([...PAGE_LIKE, '--min-must-evaluated', '5'], { env });
    expect(met.code, met.stdout + met.stderr).toBe(0);
    expect(met.report!.evaluation.minMustEvaluated).toMatchObject({ floor: '5', wanted: 5 });
    // Outside CI, no floor: the checks the page-like list stopped are named, and the run passes.
    const local = await runCliInProcess(PAGE_LIKE, { env });
    expect(local.code).toBe(0);
    expect(local.report!.evaluation.notEvaluated.map((n) => n.id)).toContain('CANCEL-UNKNOWN-404');
    // In CI the default floor is the plan: a MUST it ran that reached no verdict fails the gate.
    const ci = await runCliInProcess(PAGE_LIKE, { env: { ...env, CI: 'true' } });
    expect(ci.code, ci.stdout).toBe(3);
    expect(ci.report!.verdict).toBe('incomplete');
    expect(ci.report!.evaluation.minMustEvaluated?.floor).toBe('planned');
    expect(ci.report!.gate.reasons.join('\n')).toMatch(
      /MUST checks were evaluated, and --min-must-evaluated planned asks for \d+ \(every MUST the plan ran\); not evaluated: CANCEL-UNKNOWN-404 \(no id is sent as absent: the order list may be a page/,
    );
    expect(ci.junit).toMatch(/RUN-COMPLETE/);
  });

  it('under planned, a MUST left unevaluated by a setting the run was given is a choice, not a shortfall', async () => {
    const server = await reference();
    // --skip-rate-limit-probe leaves RL-HEADERS-RETRY-AFTER-VALID no 429 to judge: the run was told so.
    const run = await runCliInProcess(
      ['--skip-rate-limit-probe', '--only', 'LIST,RL-HEADERS', '--seed', '6'],
      {
        env: { ...targetEnv(server), CI: 'true' },
      },
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.report!.evaluation.minMustEvaluated).toMatchObject({
      floor: 'planned',
      missing: [],
      excused: expect.arrayContaining(['RL-HEADERS-RETRY-AFTER-VALID']),
    });
  });
});

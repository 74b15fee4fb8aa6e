// Fixtures are a resource the run accounts for: three runs against one server with the same fixtures and the
// same report directory end green or exit 2 naming the used fixtures (a pool larger than one run's need stays
// green), never "non-conformant" because of them; the plan leaves out by name what the fixtures given cannot
// serve; and without a ledger, a cancelled fixture still fails CANCEL-PENDING-204 with both readings named.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerTarget } from '../../lib/report/ledger.ts';
import { DEFAULT_ORDERS, type SeedOrder } from '../../reference/seed.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const QUICK = ['--skip-rate-limit-probe', '--only', 'LIST,CANCEL,ID', '--property-runs', '1', '--seed', '4'];

/** The reference server's orders and six more pending ones: a pool larger than one run's need. */
const POOL: SeedOrder[] = [
  ...DEFAULT_ORDERS,
  ...[101, 102, 103, 104, 105, 106].map((id) => ({
    id: BigInt(id),
    petId: BigInt(id + 1000),
    quantity: 1,
    shipDate: '2026-12-01T10:00:00Z',
    complete: false,
    status: 'pending' as const,
  })),
];

/** Three runs with the same settings and working directory (so the same report directory and ledger). */
async function threeRuns(env: Record<string, string>, extra: string[] = []) {
  const cwd = mkdtempSync(join(tmpdir(), 'osc-ledger-'));
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await runCliInProcess([...QUICK, ...extra], { env, cwd }));
  return { cwd, runs };
}

describe('the fixtures ledger', () => {
  it('with just the fixtures one run needs: green, then exit 2 naming the used ids, the ledger and the setting', async () => {
    const server = await reference();
    const { cwd, runs } = await threeRuns(targetEnv(server));
    const [first, second, third] = runs;
    expect(first!.code, first!.stdout + first!.stderr).toBe(0);
    const sent = server.stats().requests;
    const consumed = first!.report!.fixtures!.consumed.map((c) => c.id).sort();
    // The first cancel and the isolation pair; the spelling run's fixture was refused every spelling.
    expect(consumed).toEqual(['1', '9007199254740992', '9007199254740993']);
    for (const run of [second!, third!]) {
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /pending fixtures 1, 9007199254740992, 9007199254740993 were consumed by an earlier run \(run \d{8}T\d{6}Z-[0-9a-f]{4}, CANCEL-204-NO-CONTENT, answered 204; fixtures ledger .*fixtures-ledger\.json\).*ORDER_STORE_CANCELLABLE_ORDER_IDS \(--cancellable-order-ids\)/,
      );
    }
    // Refused before sending: no run folder beside the first one, and nothing reached the server.
    const folders = readdirSync(join(cwd, 'reports')).filter((f) => /^\d{8}T/.test(f));
    expect(folders).toHaveLength(1);
    expect(server.stats().requests).toBe(sent);
    const ledger = JSON.parse(readFileSync(join(cwd, 'reports', 'fixtures-ledger.json'), 'utf8'));
    expect(Object.keys(ledger.targets[server.baseUrl]).sort()).toEqual(consumed);
  });

  it('with a pool larger than one run needs, three runs are green, each on fresh fixtures', async () => {
    const server = await reference({ orders: POOL });
    const { runs } = await threeRuns(targetEnv(server));
    const seen = new Set<string>();
    for (const run of runs) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const f = run.report!.fixtures!;
      for (const c of f.consumed) {
        expect(seen.has(c.id), `${c.id} consumed twice`).toBe(false);
        seen.add(c.id);
      }
      expect(f.pending.usedBefore.length).toBe(seen.size - f.consumed.length);
      expect(run.stdout).toMatch(
        /left aside, consumed by an earlier run|pending fixtures: the run takes 4 of 12/,
      );
    }
    expect(seen.size).toBe(9);
  });

  it('off, a cancelled fixture fails CANCEL-PENDING-204 naming both readings and how to tell them apart', async () => {
    const server = await reference();
    const { runs } = await threeRuns(targetEnv(server), ['--fixtures-ledger', 'off']);
    expect(runs[0]!.code).toBe(0);
    const second = runs[1]!;
    expect(second.code).toBe(1);
    const c = checkOf(second, 'CANCEL-PENDING-204');
    expect(c.status).toBe('fail');
    expect(c.message).toMatch(
      /cancelling pending order 1 answered 409.*either the server refuses a pending order.*or order 1 was no longer pending.*fixtures ledger.*tell them apart/,
    );
    expect(existsSync(join(second.reportDir, 'fixtures-ledger.json'))).toBe(false);
  });
});

describe('the plan accounts for the fixtures given', () => {
  it("with the README's two ids, the plan leaves out by name what they cannot serve, and what it promised runs", async () => {
    const server = await reference();
    const env = { ...targetEnv(server), ORDER_STORE_CANCELLABLE_ORDER_IDS: '1,2' };
    const run = await runCliInProcess(QUICK, { env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^ {2}pending fixtures: the run takes 2 of 2 given: 1 → CANCEL-204-NO-CONTENT, .*CANCEL-PENDING-204; 2 → ID-CANCEL-MISREAD, ID-CANCEL-SPELLING, ID-CANCEL-LEADING-ZEROS-INFO, ID-CANCEL-PLUS-SIGN-INFO; every check would take 4 \(--cancellable-order-ids\)$/m,
    );
    expect(run.stdout).toMatch(
      /left out: ID-CANCEL-ISOLATION: needs 2 pending orders the run may cancel and 1 remain/,
    );
    const plan = run.report!.evaluation.notEvaluated.map((n) => n.id);
    expect(plan).toContain('ID-CANCEL-ISOLATION');
    // The orderId spelling MUST is evaluated, as the plan said: never skipped halfway for want of a fixture.
    expect(checkOf(run, 'ID-CANCEL-MISREAD').status).toBe('pass');
    expect(run.report!.fixtures!.uses.map((u) => [u.by, u.ids])).toEqual([
      ['CANCEL-204-NO-CONTENT', ['1']],
      ['ID-CANCEL-MISREAD', ['2']],
    ]);
  });

  it('a certification run short of fixtures names how many pending orders to provide', async () => {
    const server = await reference();
    const env = { ...targetEnv(server), ORDER_STORE_CANCELLABLE_ORDER_IDS: '1' };
    const run = await runCliInProcess(['--profile', 'certification', '--plan', 'free'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/provide .*--cancellable-order-ids \(5 pending orders\)/);
    expect(server.stats().requests).toBe(0);
  });
});

describe('a fixture is evidence against the server only once the run saw it pending', () => {
  it('the same ids in a fresh report folder: STATE-401 and STATE-429 leave it out, never "a refused request changed it"', {
    timeout: 120_000,
  }, async () => {
    // A short window, so the rate-limit probe (STATE-429's refusal) is quick.
    const server = await reference({ rateLimit: { limit: 5, windowSeconds: 2 } });
    const args = ['--only', 'STATE-401,STATE-429,CANCEL-PENDING', '--seed', '4'];
    const first = await runCliInProcess(args, { env: targetEnv(server) });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(checkOf(first, 'STATE-401-CHANGES-NOTHING').status).toBe('pass');
    // Another job, its own report folder (no ledger): the fixtures the first run cancelled, given again.
    const second = await runCliInProcess(args, { env: targetEnv(server) });
    for (const id of ['STATE-401-CHANGES-NOTHING', 'STATE-429-CHANGES-NOTHING']) {
      const c = checkOf(second, id);
      expect(c.status, `${id}: ${c.message}`).toBe('skip');
      expect(c.message).toMatch(/not shown pending: a fixture an earlier run used\?.*--fixtures-command/);
      expect(c.message).not.toMatch(/a refused request changed it/);
    }
    // The first cancel keeps its two readings.
    expect(checkOf(second, 'CANCEL-PENDING-204').message).toMatch(
      /either the server refuses a pending order.*or order \d+ was no longer pending/,
    );
    expect(second.code).toBe(1);
  });

  it('one server under two loopback names is one ledger entry: localhost after 127.0.0.1 finds what it consumed', async () => {
    const server = await reference();
    const cwd = mkdtempSync(join(tmpdir(), 'osc-ledger-names-'));
    const first = await runCliInProcess(QUICK, { env: targetEnv(server), cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const env = {
      ...targetEnv(server),
      ORDER_STORE_BASE_URL: server.baseUrl.replace('127.0.0.1', 'localhost'),
    };
    const second = await runCliInProcess(QUICK, { env, cwd });
    expect(second.code, second.stdout + second.stderr).toBe(2);
    expect(second.stderr).toMatch(/consumed by an earlier run .*fixtures-ledger\.json/);
    // Kept under the target as resolved, whichever name each run used.
    const ledger = JSON.parse(readFileSync(join(cwd, 'reports', 'fixtures-ledger.json'), 'utf8'));
    expect(Object.keys(ledger.targets)).toEqual([server.baseUrl]);
  });

  it('keys a target as resolved: scheme, loopback names and addresses as one, port, path', () => {
    const one = [
      'http://127.0.0.1:8080/v1',
      'http://localhost:8080/v1',
      'http://[::1]:8080/v1/',
      'HTTP://LOCALHOST:8080/v1',
    ];
    expect(new Set(one.map(ledgerTarget))).toEqual(new Set(['http://127.0.0.1:8080/v1']));
    expect(ledgerTarget('https://api.example.com:443/v1')).toBe('https://api.example.com/v1');
    for (const other of [
      'https://127.0.0.1:8080/v1',
      'http://127.0.0.1:8081/v1',
      'http://127.0.0.1:8080/api/v1',
    ])
      expect(ledgerTarget(other)).not.toBe('http://127.0.0.1:8080/v1');
  });

  it('the ledger keeps what a run saw pending and left so: the next run takes those as shown pending', async () => {
    const server = await reference({ orders: POOL });
    const cwd = mkdtempSync(join(tmpdir(), 'osc-ledger-left-'));
    // Minted: every pending order of the pool, more than one run takes.
    const pending = POOL.filter((o) => o.status === 'pending').map((o) => String(o.id));
    const mint = ['--fixtures-command', `echo '{"cancellable": [${pending.join(',')}]}' #`];
    const first = await runCliInProcess([...QUICK, ...mint], { env: targetEnv(server), cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const consumed = first.report!.fixtures!.consumed.map((c) => c.id);
    const ledger = JSON.parse(readFileSync(join(cwd, 'reports', 'fixtures-ledger.json'), 'utf8'));
    const left = Object.keys(ledger.pending[server.baseUrl]).sort();
    expect(left).toEqual(pending.filter((id) => !consumed.includes(id)).sort());
  });
});

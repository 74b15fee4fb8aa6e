// A list that hides real orders without a sign (scoped to its caller, or paged silently) in front of a store
// where every id it hides is a real order, read leniently (1e3, %2C, %20): counted at the server, the run
// cancels at most the one order that proves the list wrong, and sends no DELETE of a new non-fixture id after.
import { parse, stringify } from 'lossless-json';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS } from '../../reference/seed.ts';
import { namedIds } from '../../suites/kit/id-readings.ts';
import { checkOf } from '../support/cli.ts';
import type { Exchange, RawRequest } from './server.ts';
import { closeAll, type HostileRun, KEY, RUN_ARGS, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const ORDER = /^\/v1\/store\/orders\/([^/?#]+)$/;

/** The id a lenient reader takes a segment for: decoded, commas dropped, trimmed, then Number(); or none. */
function lenientId(segment: string): bigint | undefined {
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  text = text.replace(/,/g, '').trim();
  if (/^[+-]?\d+$/.test(text)) return BigInt(text);
  const n = Number(text);
  return text !== '' && Number.isSafeInteger(n) ? BigInt(n) : undefined;
}

/** What the lying store did, as its own server counts it. */
interface Ledger {
  /** Hidden (non-fixture) orders it cancelled, with the request's index. */
  cancelled: Array<{ id: string; n: number }>;
}

/**
 * Keyed lists show `shown` of the stored orders only; every other id is a real pending order of someone else,
 * cancelled (204) by the first keyed DELETE that names it, however spelt. The stored ones go upstream.
 */
function lyingStore(fixtures: readonly string[], shown: (ids: string[]) => string[], ledger: Ledger) {
  const gone = new Set<string>();
  return async (x: Exchange): Promise<void> => {
    const keyed = x.req.headers.authorization === `Bearer ${KEY}`;
    const a = await x.upstream();
    if (keyed && x.req.method === 'GET' && /\/store\/orders$/.test(x.req.target) && a.status === 200) {
      const items = parse(a.body.toString()) as Array<{ id: unknown }>;
      const keep = new Set(shown(items.map((o) => String(o.id))));
      const body = stringify(items.filter((o) => keep.has(String(o.id)))) ?? '[]';
      return x.reply({ ...a, body: Buffer.from(body) });
    }
    const m = ORDER.exec(x.req.target);
    const id = m ? lenientId(m[1]!) : undefined;
    if (!keyed || x.req.method !== 'DELETE' || id === undefined || fixtures.includes(String(id)))
      return x.reply(a);
    if (gone.has(String(id))) return x.reply(a);
    gone.add(String(id));
    ledger.cancelled.push({ id: String(id), n: x.n });
    const headers = { ...a.headers };
    delete headers['content-type'];
    x.reply({ status: 204, headers, body: Buffer.alloc(0) });
  };
}

/** Whether a DELETE's segment may name a fixture, read any way a server might (the run's own rule). */
function namesFixture(req: RawRequest, fixtures: readonly string[]): boolean {
  const m = ORDER.exec(req.target);
  if (!m) return false;
  const named = namedIds(m[1]!);
  return fixtures.some((f) => named.includes(BigInt(f)));
}

const LISTS: Array<[string, (ids: string[]) => string[]]> = [
  // Scoped to the caller: its own orders (the fixtures) only, the others' hidden everywhere between.
  ['scoped to its caller', (ids) => ids],
  // Paged without a sign: the first three only (no Link, no wrapper, not a common page size).
  ['paged without a sign', (ids) => ids.slice(0, 3)],
];

/** What the lying store saw after the order that proved the list wrong: the DELETEs that name no fixture. */
function afterProof(run: HostileRun, ledger: Ledger): RawRequest[] {
  const first = ledger.cancelled[0]?.n ?? run.server.requests.length;
  return run.server.requests.slice(first).filter((r) => r.method === 'DELETE' && !namesFixture(r, FIXTURES));
}

const FIXTURES = [...DEFAULT_PENDING_IDS, ...DEFAULT_SHIPPED_IDS];

describe('a list proven not to be the store', () => {
  it.each(
    LISTS.flatMap(([name, shown]) => [
      [name, 'default settings', shown, []],
      [name, '--exhaustive', shown, ['--exhaustive']],
    ]) as Array<[string, string, (ids: string[]) => string[], string[]]>,
  )(
    '%s (%s): one hidden order cancelled, no DELETE of an id not given after it',
    async (_n, _m, shown, args) => {
      const ledger: Ledger = { cancelled: [] };
      const run = await runAgainst(lyingStore(FIXTURES, shown, ledger), args);
      expect(reportProblems(run)).toEqual([]);
      expect([...run.upstream.fixtures.pending, ...run.upstream.fixtures.shipped].sort()).toEqual(
        [...FIXTURES].sort(),
      );
      // Counted at the server: the one order that proved the list wrong, and nothing after it (before the gate:
      // 5 cancelled and 18 such DELETEs after by default, 14 and 90 with --exhaustive).
      expect(ledger.cancelled, said(run)).toHaveLength(1);
      expect(afterProof(run, ledger).map((r) => r.target)).toEqual([]);
      const proof = run.report!.fixtures!.listDisproved!;
      expect(proof.seq).toBeGreaterThan(0);
      expect(proof.status).toBe(204);
      // The 2xx is a failure, reported by the check that judges an absent id's cancel.
      expect(checkOf(run, 'CANCEL-UNKNOWN-404').status).toBe('fail');
      expect(checkOf(run, 'CANCEL-UNKNOWN-404').cited).toContain(proof.seq);
      expect(run.report!.verdict).toBe('non-conformant');
      expect(run.report!.incompleteReasons.join('\n')).not.toMatch(/no check that ran judged/);
      // Every check that would have sent such a DELETE is left out, naming the exchange.
      for (const id of [
        'ID-ABSENT-404',
        'ID-MALFORMED-4XX',
        'AUTH-MISSING-401',
        'AUTH-BEFORE-EXISTENCE',
        'STATE-SEQUENCE',
      ]) {
        const c = checkOf(run, id);
        expect(c.status, `${id}: ${c.message}`).toBe('skip');
        expect(c.message).toMatch(new RegExp(`^left out: exchange #${proof.seq} \\(DELETE /store/orders/`));
        expect(c.cause).toEqual({ kind: 'outcome' });
        expect(proof.leftOut).toContain(id);
      }
      // The plan says the rule before anything is sent, and the run and its summary name the cause.
      expect(run.stdout).toMatch(
        /ids not given \(sent as absent or malformed\): the first DELETE of one answered 2xx/,
      );
      expect(run.stdout).toContain(`stopped: exchange #${proof.seq} (DELETE /store/orders/`);
      expect(run.stdout).toMatch(/DELETEs of ids not given stopped: exchange #\d+ .* left out/);
    },
  );

  it('the rate-limit probe reading with an absent id answered 2xx repeats the list instead', async () => {
    const ledger: Ledger = { cancelled: [] };
    const run = await runAgainst(
      lyingStore(FIXTURES, (ids) => ids, ledger),
      ['--only', 'RL-PROBE-'],
      {},
      {
        runArgs: RUN_ARGS.filter((a) => a !== '--skip-rate-limit-probe'),
        rateLimit: { limit: 6, windowSeconds: 2 },
      },
    );
    expect(reportProblems(run)).toEqual([]);
    expect(ledger.cancelled, said(run)).toHaveLength(1);
    expect(afterProof(run, ledger).map((r) => r.target)).toEqual([]);
    expect(run.stdout).toMatch(/the probe repeats the list instead/);
    // No check that ran judges a cancel of an absent id: the run cannot be called conformant.
    expect(run.report!.verdict).toBe('incomplete');
    expect(run.report!.incompleteReasons.join('\n')).toMatch(/no check that ran judged that answer/);
  });

  it('a destructive property ends on its first failure: its counterexample is not shrunk', async () => {
    const ledger: Ledger = { cancelled: [] };
    const run = await runAgainst(
      lyingStore(FIXTURES, (ids) => ids, ledger),
      ['--only', 'ID-ABSENT-404'],
    );
    expect(reportProblems(run)).toEqual([]);
    expect(ledger.cancelled, said(run)).toHaveLength(1);
    expect(afterProof(run, ledger).map((r) => r.target)).toEqual([]);
    const c = checkOf(run, 'ID-ABSENT-404');
    expect(c.status, c.message).toBe('fail');
    expect(c.message).toMatch(/cannot have happened/);
    expect(c.details.join('\n')).toMatch(/not shrunk: a destructive property ends on its first failure/);
  });
});

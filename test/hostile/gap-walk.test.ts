// A list that hides real orders without a sign (scoped to its caller, or paged silently) in front of a store
// where every id it hides is a real order, read leniently (1e3, %2C, %20): counted at the server, the run
// cancels at most the one order that proves the list wrong, and sends no DELETE of a new non-fixture id after.
import { parse, stringify } from 'lossless-json';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS } from '../../reference/seed.ts';
import { namedIds } from '../../suites/order-id/readings.ts';
import { checkOf } from '../support/cli.ts';
import type { Exchange, RawRequest } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst } from './support.ts';

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

describe('a list proven not to be the store', () => {
  it.each(
    LISTS.flatMap(([name, shown]) => [
      [name, 'default', shown, []],
      [name, '--exhaustive', shown, ['--exhaustive']],
    ]) as Array<[string, string, (ids: string[]) => string[], string[]]>,
  )(
    '%s (%s): one hidden order cancelled at most, and no DELETE of a non-fixture id after it',
    async (_n, _m, shown, args) => {
      const ledger: Ledger = { cancelled: [] };
      const all = [...DEFAULT_PENDING_IDS, ...DEFAULT_SHIPPED_IDS];
      const run = await runAgainst(lyingStore(all, shown, ledger), args);
      expect(reportProblems(run)).toEqual([]);
      expect([...run.upstream.fixtures.pending, ...run.upstream.fixtures.shipped].sort()).toEqual(
        [...all].sort(),
      );
      const first = ledger.cancelled[0]?.n;
      const after = run.server.requests
        .slice(first ?? run.server.requests.length)
        .filter((r) => r.method === 'DELETE' && !namesFixture(r, all));
      console.log(JSON.stringify({ cancelled: ledger.cancelled.length, after: after.length, first }));
      if (process.env.GAP_DEBUG) {
        console.log(run.stdout);
        for (const c of run.report!.checks)
          if (c.status !== 'pass') console.log(c.id, c.status, c.message.slice(0, 300));
      }
      expect(ledger.cancelled.length).toBeLessThanOrEqual(1);
      expect(after.map((r) => r.target)).toEqual([]);
      void checkOf;
    },
  );
});

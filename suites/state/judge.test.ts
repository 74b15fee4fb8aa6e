// The store model's judges on hand-made histories: how a list shows a cancelled order (with and without a
// declared lag), orders that leave or come back unexplained, and refusals that did or did not change the
// store. Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { ListIds } from '../kit/list-ids.ts';
import { snapshotsOf } from '../kit/store-lists.ts';
import { afterCancels, contradictions, lags, listedThough404 } from './after-cancel.ts';
import { cancelOf, type Fixtures, historyOf } from './history.ts';
import { judgeRefusals, strong } from './judge-refusals.ts';
import { unexplainedChanges } from './list-changes.ts';
import { withListedPending } from './listed-pending.ts';

const AT = Date.UTC(2026, 10, 26, 12, 0, 0, 0);
const BASE = 'http://127.0.0.1:8080/v1';
const FIXTURES: Fixtures = { pending: ['1', '2'], shipped: ['42'], shownPending: ['1', '2'] };
const ALL = ['1', '2', '3', '42'];

/** A run built step by step: each request 10 ms on the wire, one after the other unless `at` says when. */
class Run {
  readonly exchanges: Exchange[] = [];
  /** Each list's ids, as a recorded body would give them. */
  readonly lists = new Map<number, string[]>();
  #clock = 0;

  private add(method: string, path: string, status: number | undefined, at?: number): Exchange {
    const startMs = at ?? this.#clock;
    this.#clock = Math.max(this.#clock, startMs + 20);
    const x: Exchange = {
      seq: this.exchanges.length + 1,
      bucket: 'primary',
      startedAt: new Date(AT + startMs).toISOString(),
      durationMs: 10,
      request: { method, url: `${BASE}${path}`, headers: {} },
      ...(status !== undefined
        ? { response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }
        : { error: { code: 'ECONNRESET', message: 'reset' } }),
    };
    this.exchanges.push(x);
    return x;
  }

  list(ids: string[], at?: number): this {
    const x = this.add('GET', '/store/orders', 200, at);
    this.lists.set(x.seq, ids);
    return this;
  }

  cancel(segment: string, status: number | undefined, at?: number): this {
    this.add('DELETE', `/store/orders/${segment}`, status, at);
    return this;
  }

  /** The history as a recorded transcript gives it: the lists' snapshots made after the fact. */
  history(fixtures = FIXTURES) {
    return historyOf(
      this.exchanges,
      snapshotsOf(this.exchanges, (x) => {
        const ids = this.lists.get(x.seq);
        return ids && ListIds.of(ids);
      }),
      fixtures,
    );
  }
}

const without = (...gone: string[]) => ALL.filter((id) => !gone.includes(id));

describe('historyOf', () => {
  it('reads cancels (the id, or every id a spelling may name) and plain lists only', () => {
    const run = new Run().list(ALL).cancel('7', 204).cancel('007', 400).cancel('9', undefined);
    run.exchanges.push({
      ...run.exchanges[0]!,
      seq: 9,
      request: { ...run.exchanges[0]!.request, url: `${BASE}/store/orders?limit=1` },
    });
    const h = run.history();
    expect(h.lists.map((l) => l.exchange.seq)).toEqual([1]);
    expect(h.cancels.map((c) => [c.segment, c.outcome])).toEqual([
      ['7', 'done'],
      ['007', 'refused'],
      ['9', 'unsure'],
    ]);
    expect(h.cancels[0]!.names).toEqual(['7']);
    expect(h.cancels[1]!.names).toContain('7');
    expect(cancelOf({ ...run.exchanges[0]! })).toBeUndefined();
  });
});

describe('a cancelled order in the lists after its cancel', () => {
  it('is consistent when it stays listed, or when it leaves every list', () => {
    const kept = new Run().list(ALL).cancel('1', 204).list(ALL).list(ALL).history();
    expect(contradictions(afterCancels(kept, 0))).toEqual([]);
    const gone = new Run()
      .list(ALL)
      .cancel('1', 204)
      .list(without('1'))
      .cancel('2', 204)
      .list(without('1', '2'));
    expect(contradictions(afterCancels(gone.history(), 0))).toEqual([]);
  });

  it('is a finding when a list still shows it and a later one does not (a cache), unless within the declared lag', () => {
    const run = new Run().list(ALL).cancel('1', 204, 100).list(ALL, 400).list(without('1'), 5000);
    const pairs = afterCancels(run.history(), 0);
    const [finding] = contradictions(pairs);
    expect(finding?.problem).toMatch(
      /order 1 listed 0\.3 s after its cancel .* but order 1 gone .* as it was before the cancel/,
    );
    expect(finding?.exchanges[0]?.seq).toBe(4);
    expect(contradictions(afterCancels(run.history(), 2000))).toEqual([]);
    expect(lags(pairs)).toEqual([{ id: '1', lastShownMs: 290, firstGoneMs: 4890 }]);
  });

  it('is a finding when lists show it while a later cancel of it is answered 404 (a cached list)', () => {
    const cached = new Run().list(ALL).cancel('1', 204).list(ALL).cancel('1', 404).list(ALL).history();
    const [finding] = listedThough404(cached, afterCancels(cached, 0));
    expect(finding?.problem).toMatch(
      /order 1 listed .* but #4 DELETE \/store\/orders\/1 → 404 said no order has it/,
    );
    // Gone from the lists and 404 agree; listed and 409 agree; a list within the declared lag is not judged.
    const gone = new Run().list(ALL).cancel('1', 204).list(without('1')).cancel('1', 404).history();
    expect(listedThough404(gone, afterCancels(gone, 0))).toEqual([]);
    const kept = new Run().list(ALL).cancel('1', 204).list(ALL).cancel('1', 409).history();
    expect(listedThough404(kept, afterCancels(kept, 0))).toEqual([]);
    expect(listedThough404(cached, afterCancels(cached, 60_000))).toEqual([]);
    // A spelling of the id answered 404 says that spelling names no order, not that order 1 is gone.
    const spelled = new Run().list(ALL).cancel('1', 204).list(ALL).cancel('001', 404).list(ALL).history();
    expect(listedThough404(spelled, afterCancels(spelled, 0))).toEqual([]);
  });

  it('is a finding when it comes back, and when two orders show two ways', () => {
    const back = new Run().list(ALL).cancel('1', 204).list(without('1')).list(ALL).history();
    expect(contradictions(afterCancels(back, 0))[0]?.problem).toMatch(/came back into the list/);
    const two = new Run().list(ALL).cancel('1', 204).list(without('1')).cancel('2', 204).list(without('1'));
    expect(contradictions(afterCancels(two.history(), 0))[0]?.problem).toMatch(
      /order 1 gone .* but order 2 listed .* one store does not both keep and drop/,
    );
  });

  it('is not judged in a list sent while its cancel was in flight, nor after a cancel that may have changed it again', () => {
    const race = new Run().list(ALL).cancel('1', 204, 100).list(without('1'), 105).list(ALL, 500);
    expect(afterCancels(race.history(), 0).map((p) => p.list.exchange.seq)).toEqual([4]);
    const unsure = new Run().list(ALL).cancel('1', 204).list(without('1')).cancel('1', undefined).list(ALL);
    expect(afterCancels(unsure.history(), 0).map((p) => p.list.exchange.seq)).toEqual([3]);
  });
});

describe('orders that leave or come back', () => {
  it('must be explained by a cancel of the run', () => {
    const drop = new Run().list(ALL).cancel('1', 204).list(without('1', '2'));
    const { findings, compared } = unexplainedChanges(drop.history());
    expect(compared).toBe(1);
    expect(findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(
        /^order 2 was listed by #1 .* and not by #3 .*#2 DELETE \/store\/orders\/1 → 204/,
      ),
    ]);
  });

  it('notes new orders, and finds one that comes back with nothing to explain it', () => {
    const run = new Run()
      .list(ALL)
      .list([...ALL, '77'])
      .list(without('3'))
      .list(ALL);
    const { findings, newIds } = unexplainedChanges(run.history());
    expect(newIds).toEqual(['77']);
    expect(findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^order 3 was listed by #2/),
      expect.stringMatching(/^order 77 was listed by #2/),
      expect.stringMatching(/^order 3, listed by #1 .* and missing from #3 .*, is back in #4/),
    ]);
  });
});

describe('a refused cancel', () => {
  it('is proven harmless by the next read of the fixture, and blamed when that read finds it changed', () => {
    const fine = new Run().list(ALL).cancel('1', 401).cancel('1', 401).cancel('1', 204).history();
    const ok = judgeRefusals(fine, 401);
    expect(ok.findings).toEqual([]);
    expect(ok.proofs.filter((p) => strong(401, p)).map((p) => p.refusal.exchange.seq)).toEqual([2, 3]);
    const bad = judgeRefusals(new Run().list(ALL).cancel('1', 401).cancel('1', 409).history(), 401);
    expect(bad.findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(
        /^pending order 1 was refused \(#2 .* → 401\), then its next cancel with the key answered 409/,
      ),
    ]);
  });

  it('blames no refusal for a change to a pending fixture the run was never shown pending', () => {
    // The same ids again with no ledger: an earlier run cancelled order 1, and its 409 reads the same.
    const given = { pending: ['1', '2'], shipped: ['42'] };
    const h = new Run().list(ALL).cancel('1', 401).cancel('1', 409).history(given);
    const judged = judgeRefusals(h, 401);
    expect(judged.findings).toEqual([]);
    expect(judged.unshown).toEqual([
      expect.stringMatching(
        /^pending order 1 was refused .*answered 409 .*not shown pending: a fixture an earlier run used\?/,
      ),
    ]);
    // A refusal that the next cancel proves harmless needs no such showing: the 204 shows it.
    const fine = new Run().list(ALL).cancel('1', 401).cancel('1', 204).history(given);
    expect(judgeRefusals(fine, 401).proofs.filter((p) => strong(401, p))).toHaveLength(1);
  });

  it('blames a refusal of a fixture a list showed with the status "pending" before it (the store keeps cancelled orders)', () => {
    const given = { pending: ['1', '2'], shipped: ['42'] };
    const h = new Run().list(ALL).cancel('1', 429).cancel('1', 409).history(given);
    // The first list (#1) showed order 1 as "pending": the store's own word, read before the refusal (#2).
    const pendingIn = (seqs: number[]) =>
      withListedPending(h, ['1'], (x, id) => (id === '1' && seqs.includes(x.seq) ? '"pending"' : undefined));
    const shown = judgeRefusals(pendingIn([1]), 429);
    expect(shown.unshown).toEqual([]);
    expect(shown.findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^pending order 1 was refused \(#2 .* → 429\), then .* answered 409 .*not 2xx/),
    ]);
    // Another status, or none, shows nothing: left out as before.
    const other = withListedPending(h, ['1'], () => '"placed"');
    expect(judgeRefusals(other, 429).findings).toEqual([]);
    expect(judgeRefusals(other, 429).unshown).toHaveLength(1);
    // A list after the refusal shows nothing of the moment before it.
    const late = new Run().list(ALL).cancel('1', 429).list(ALL).cancel('1', 409).history(given);
    const after = withListedPending(late, ['1'], (x) => (x.seq === 3 ? '"pending"' : undefined));
    expect(judgeRefusals(after, 429).findings).toEqual([]);
    expect(judgeRefusals(after, 429).unshown).toHaveLength(1);
  });

  it('blames a refusal only for an id shown addressable: a rounded int64 id answers another order', () => {
    const big = '9007199254740993';
    const fixtures: Fixtures = { pending: [big, '1'], shipped: ['42'], shownPending: [big, '1'] };
    const rounded = new Run()
      .list([...ALL, big])
      .cancel(big, 429)
      .cancel(big, 404)
      .history(fixtures);
    const j = judgeRefusals(rounded, 429);
    expect(j.findings).toEqual([]);
    expect(j.unblamed).toEqual([expect.stringMatching(/^pending order 9007199254740993 .* not blamed/)]);
    const safe = new Run().list(ALL).cancel('1', 429).cancel('1', 404).history(fixtures);
    expect(judgeRefusals(safe, 429).findings).toHaveLength(1);
  });

  it('blames a shipped fixture’s 409 when its next read is 404, not the 404 that shows it', () => {
    const h = new Run().list(ALL).cancel('42', 409).cancel('42', 404).history();
    expect(judgeRefusals(h, 409).findings).toHaveLength(1);
    expect(judgeRefusals(h, 404).findings).toEqual([]);
    expect(
      judgeRefusals(new Run().list(ALL).cancel('42', 409).cancel('42', 409).history(), 409).proofs,
    ).toHaveLength(1);
  });

  it('reads no spelling of the id as the order, and blames a list gap only when nothing but refusals came between', () => {
    const spelled = new Run().list(ALL).cancel('001', 404).cancel('1', 204).history();
    expect(judgeRefusals(spelled, 404).findings).toEqual([]);
    const quiet = new Run().list(ALL).cancel('9', 404).list(without('3')).history();
    expect(judgeRefusals(quiet, 404).findings[0]?.problem).toMatch(
      /^after #2 .* → 404 \(refused, .*order 3 is missing from #3/,
    );
    const busy = new Run().list(ALL).cancel('9', 404).cancel('2', 204).list(without('3', '2')).history();
    expect(judgeRefusals(busy, 404).findings).toEqual([]);
    const proven = judgeRefusals(new Run().list(ALL).cancel('9', 404).list(ALL).history(), 404);
    expect(proven.proofs.filter((p) => strong(404, p))).toHaveLength(1);
  });

  it('blames a refusal that brings back the order it named, or makes one no list showed', () => {
    const back = new Run().list(ALL).cancel('1', 204).list(without('1')).cancel('1', 404).list(ALL).history();
    expect(judgeRefusals(back, 404).findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^order 1 is missing from #3 .* listed by #5 .* only #4 .* brought back order 1/),
    ]);
    const made = new Run()
      .list(ALL)
      .cancel('9', 404)
      .list([...ALL, '9'])
      .history();
    expect(judgeRefusals(made, 404).findings[0]?.problem).toMatch(/made order 9, which no list had shown/);
    // Within the lag the server declared a copy may still show the cancelled order: not judged.
    expect(judgeRefusals(back, 404, 60_000).findings).toEqual([]);
    // Something else on the wire between the lists could have added it; and a 401 that changed nothing.
    const busy = new Run()
      .list(ALL)
      .cancel('9', 404)
      .cancel('2', 204)
      .list([...without('2'), '9'])
      .history();
    expect(judgeRefusals(busy, 404).findings).toEqual([]);
    const still = new Run().list(ALL).cancel('1', 204).list(without('1')).cancel('1', 404).list(without('1'));
    expect(judgeRefusals(still.history(), 404).findings).toEqual([]);
  });

  it('leads with the refusal that named the vanished order, not the walk’s absent-id cancels before it', () => {
    const walk = new Run().list(ALL).cancel('9', 404).cancel('9', 404).cancel('9', 404).cancel('3', 429);
    const h = walk.cancel('9', 404).list(without('3')).history();
    expect(judgeRefusals(h, 429).findings[0]?.problem).toMatch(
      /^after #5 DELETE \/store\/orders\/3 → 429 \(refused, so nothing may change; 4 more refused between the lists\), order 3 is missing from #7/,
    );
  });

  it('keeps requests sent one after another in their order when a loopback answers them within one millisecond', () => {
    // Whole milliseconds: the 404 and the list after it start and end in the same one (CI met this run).
    const run = new Run().list(ALL).cancel('9', 404, 30).list(without('3'), 30);
    for (const x of run.exchanges.slice(1)) x.durationMs = 0;
    const h = run.history();
    expect(judgeRefusals(h, 404).findings[0]?.problem).toMatch(/order 3 is missing from #3/);
    expect(unexplainedChanges(h).findings[0]?.problem).toMatch(/the cancels between them: #2 DELETE/);
  });
});

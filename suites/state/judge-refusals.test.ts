// The store model's refusal judge on hand-made histories: a refused cancel proven harmless or blamed by the
// next read of its fixture, and the lists around it. Pure; no server.
import { describe, expect, it } from 'vitest';
import { ALL, Run, without } from '../../test/support/history-run.ts';
import type { Fixtures } from './history.ts';
import { judgeRefusals, strong } from './judge-refusals.ts';
import { unexplainedChanges } from './list-changes.ts';
import { withListedPending } from './listed-pending.ts';

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

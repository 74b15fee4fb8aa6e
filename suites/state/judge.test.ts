// The store model's judges on hand-made histories: how a list shows a cancelled order (with and without a
// declared lag), and orders that leave or come back unexplained (refusals: judge-refusals.test.ts). Pure; no
// server.
import { describe, expect, it } from 'vitest';
import { ALL, BASE, Run, without } from '../../test/support/history-run.ts';
import { afterCancels, contradictions, lags, listedThough404 } from './after-cancel.ts';
import { cancelOf } from './history.ts';
import { unexplainedChanges } from './list-changes.ts';

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

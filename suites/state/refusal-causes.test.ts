// Which refusal class a change of the store is blamed on, over hand-made histories shaped as restify's run
// (round four): absent-id cancels answered 404 that drop an order, with 409s and 429s between the lists.
// Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { ListIds } from '../kit/list-ids.ts';
import { snapshotsOf } from '../kit/store-lists.ts';
import { type Fixtures, historyOf } from './history.ts';
import { judgeRefusals } from './judge-refusals.ts';
import { judgeRefusalsBlamed } from './refusal-causes.ts';

const AT = Date.UTC(2026, 11, 6, 11, 0, 0, 0);
const FIXTURES: Fixtures = { pending: ['1', '2'], shipped: ['42'], shownPending: ['1', '2'] };
const ALL = ['1', '2', '3', '4', '42'];
const without = (...gone: string[]) => ALL.filter((id) => !gone.includes(id));

/** A run of requests one after another, 10 ms each: lists with their ids, cancels with their answers. */
function run(steps: Array<[string, number] | string[]>) {
  const lists = new Map<number, string[]>();
  const exchanges: Exchange[] = steps.map((step, i) => {
    const isCancel = typeof step[1] === 'number';
    const x: Exchange = {
      seq: i + 1,
      bucket: 'primary',
      startedAt: new Date(AT + i * 20).toISOString(),
      durationMs: 10,
      request: {
        method: isCancel ? 'DELETE' : 'GET',
        url: `http://127.0.0.1:8080/v1/store/orders${isCancel ? `/${step[0]}` : ''}`,
        headers: {},
      },
      response: {
        status: isCancel ? (step[1] as number) : 200,
        headers: {},
        body: '',
        bodyBytes: 0,
        bodyTruncated: false,
      },
    };
    if (!isCancel) lists.set(x.seq, step as string[]);
    return x;
  });
  const snapshots = snapshotsOf(exchanges, (x) => {
    const ids = lists.get(x.seq);
    return ids && ListIds.of(ids);
  });
  return historyOf(exchanges, snapshots, FIXTURES);
}

// A 404 alone between two lists drops order 4: the 404s are shown to change the store on their own.
const DROPPING_404: Array<[string, number] | string[]> = [ALL, ['9', 404], without('4')];

describe('a change with refusals of several classes between', () => {
  it('is left to the class shown to change the store alone, naming its check (a 429 among 404s)', () => {
    const h = run([...DROPPING_404, ['9', 404], ['1', 429], ['9', 404], without('4', '3')]);
    // Judged alone, the 429 class would carry the gap the 404s made.
    expect(judgeRefusals(h, 429).findings).toHaveLength(1);
    const j = judgeRefusalsBlamed(h, 429);
    expect(j.findings).toEqual([]);
    expect(j.explained).toEqual([
      expect.stringMatching(
        /^not judged: order 3 is missing from #7 .*, but refusals answered 404 came between \(#4 DELETE \/store\/orders\/9 → 404, #6 .*\), and STATE-404-CHANGES-NOTHING shows .* not blamed on a 429$/,
      ),
    ]);
    // The 404 class keeps its own finding.
    expect(judgeRefusalsBlamed(h, 404).findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^after #2 DELETE \/store\/orders\/9 → 404 .*order 4 is missing from #3/),
      expect.stringMatching(/^after #4 .* order 3 is missing from #7/),
    ]);
  });

  it('leaves a shipped fixture that a 404 between its refusals removed to the 404s (409 and 401 refused it)', () => {
    const h = run([...DROPPING_404, ['42', 409], ['42', 401], ['9', 404], ['42', 404]]);
    expect(judgeRefusals(h, 409).findings).toHaveLength(1);
    for (const cls of [409, 401] as const) {
      const j = judgeRefusalsBlamed(h, cls);
      expect(j.findings, String(cls)).toEqual([]);
      expect(j.explained, String(cls)).toEqual([
        expect.stringMatching(
          /^not judged: shipped order 42 was refused \(#4 .* → 409, #5 .* → 401\), then its next cancel with the key answered 404 .*refusals answered 404 came between \(#6 DELETE \/store\/orders\/9 → 404\), and STATE-404-CHANGES-NOTHING/,
        ),
      ]);
    }
  });

  it('is still blamed when no other class was shown to change the store on its own', () => {
    // The 404 never came alone between lists: nothing shows it, so the 409 that came with it is blamed.
    const shipped = run([ALL, ['42', 409], ['9', 404], ['42', 404]]);
    const j = judgeRefusalsBlamed(shipped, 409);
    expect(j.explained).toEqual([]);
    expect(j.findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^shipped order 42 was refused .*: a refused request changed it$/),
    ]);
    // A 429 with 404s between lists, the 404s never shown alone: blamed, and the message leads with the 429.
    const gap = run([ALL, ['9', 404], ['3', 404], ['1', 429], ['9', 404], without('3')]);
    expect(judgeRefusalsBlamed(gap, 429).findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(
        /^after #4 DELETE \/store\/orders\/1 → 429 \(refused, so nothing may change; 3 more refused between the lists\), order 3 is missing/,
      ),
    ]);
  });

  it('keeps a finding of the class itself where only its own refusals came between', () => {
    const h = run([...DROPPING_404, ['1', 429], without('4', '1')]);
    const j = judgeRefusalsBlamed(h, 429);
    expect(j.explained).toEqual([]);
    expect(j.findings.map((f) => f.problem)).toEqual([
      expect.stringMatching(/^after #4 .* → 429 .*order 1 is/),
    ]);
  });
});

// lib/check/property.ts on a fake "server" (a pure function): cases and shrinks stay within the allowance, edge
// cases come first, inadmissible values are never sent, and a printed path replays the same counterexample.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PropertySpec, planProperty, runProperty } from './property.ts';

const spec = (over: Partial<PropertySpec<bigint, string>>, sent: bigint[]): PropertySpec<bigint, string> => ({
  arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  examples: [],
  runs: 8,
  seed: 42,
  allowance: 100,
  maxShrinks: 2,
  admissible: () => true,
  attempt: async (v) => {
    sent.push(v);
    return undefined;
  },
  ...over,
});

describe('planProperty', () => {
  it('keeps examples first, then generated runs, then shrinks, within the allowance', () => {
    expect(planProperty(12, 8, 2, 100)).toEqual({ examples: 12, generated: 8, shrinks: 2, reduced: false });
    expect(planProperty(12, 8, 2, 15)).toEqual({ examples: 12, generated: 3, shrinks: 0, reduced: true });
    expect(planProperty(12, 8, 2, 5)).toEqual({ examples: 5, generated: 0, shrinks: 0, reduced: true });
    expect(planProperty(3, 4, 2, 0)).toEqual({ examples: 0, generated: 0, shrinks: 0, reduced: true });
  });
});

describe('runProperty', () => {
  it('sends the examples first, then the generated runs, and counts the examples as runs', async () => {
    const sent: bigint[] = [];
    const r = await runProperty(spec({ examples: [2n ** 53n, 2n ** 53n + 1n], runs: 5 }, sent));
    expect(sent.slice(0, 2)).toEqual([2n ** 53n, 2n ** 53n + 1n]);
    expect(sent).toHaveLength(7);
    expect(r).toMatchObject({ runs: 7, sent: 7, exhausted: false });
    expect(r.counterexample).toBeUndefined();
  });

  it('never sends an inadmissible value and replaces it by another', async () => {
    const sent: bigint[] = [];
    const r = await runProperty(spec({ examples: [1n, 2n, 3n], admissible: (v) => v !== 2n }, sent));
    expect(sent).not.toContain(2n);
    expect(r.skipped).toBeGreaterThanOrEqual(1);
    expect(r.sent).toBe(11); // 3 examples + 8 runs; the skipped example is replaced, not lost
  });

  it('stops at the first counterexample after at most maxShrinks more requests', async () => {
    const sent: bigint[] = [];
    const r = await runProperty(
      spec(
        {
          attempt: async (v) => {
            sent.push(v);
            return v < 0n ? `negative ${v}` : undefined;
          },
          runs: 50,
        },
        sent,
      ),
    );
    const firstFailure = sent.findIndex((v) => v < 0n);
    expect(firstFailure).toBeGreaterThanOrEqual(0);
    expect(sent.length).toBeLessThanOrEqual(firstFailure + 1 + 2);
    expect(r.counterexample?.failure).toBe(`negative ${r.counterexample?.value}`);
    expect(r.counterexample?.path).toMatch(/^\d+(:\d+)*$/);
  });

  it('replays a printed path with one request and finds the same counterexample', async () => {
    const fails = async (v: bigint) => (v > 10n ** 15n ? `big ${v}` : undefined);
    const first = await runProperty(spec({ examples: [5n], attempt: fails, runs: 30 }, []));
    expect(first.counterexample).toBeDefined();
    const sent: bigint[] = [];
    const again = await runProperty(
      spec(
        {
          examples: [5n],
          runs: 30,
          replayPath: first.counterexample!.path,
          attempt: async (v) => {
            sent.push(v);
            return fails(v);
          },
        },
        sent,
      ),
    );
    expect(sent).toEqual([first.counterexample!.value]);
    expect(again.counterexample?.failure).toBe(first.counterexample!.failure);
    expect(again.replayed).toBe(first.counterexample!.path);
  });

  it('a replayed case that now holds sends that one case only', async () => {
    const sent: bigint[] = [];
    const r = await runProperty(spec({ replayPath: '3', runs: 8 }, sent));
    expect(sent).toHaveLength(1);
    expect(r.counterexample).toBeUndefined();
  });

  it('stops sending after an attempt throws and returns the error', async () => {
    const sent: bigint[] = [];
    const boom = new Error('E_BUDGET');
    const r = await runProperty(
      spec(
        {
          attempt: async (v) => {
            sent.push(v);
            if (sent.length === 3) throw boom;
            return undefined;
          },
        },
        sent,
      ),
    );
    expect(sent).toHaveLength(3);
    expect(r.error).toBe(boom);
  });

  it('reuses the outcome of a value whose key was already sent', async () => {
    const sent: bigint[] = [];
    const r = await runProperty(spec({ examples: [7n, 7n, 7n], runs: 0, key: (v) => String(v) }, sent));
    expect(sent).toEqual([7n]);
    expect(r.runs).toBe(3);
  });

  it('is deterministic for a seed', async () => {
    const a: bigint[] = [];
    const b: bigint[] = [];
    await runProperty(spec({ seed: 9 }, a));
    await runProperty(spec({ seed: 9 }, b));
    expect(a).toEqual(b);
  });
});

// The plan on hand-made checks: input gaps and budget gaps are named before sending, the probe runs whole
// or not at all, the budget that would run everything is given, and a sampling check is counted in the
// mode of the run, with what the other mode would send.
import { describe, expect, it } from 'vitest';
import { type PlanCheck, type PlanInputs, planRun } from './plan-checks.ts';

const CHECKS: PlanCheck[] = [
  { id: 'LIST-A', level: 'MUST', needs: { requests: 2 } },
  { id: 'CANCEL-B', level: 'MUST', needs: { requests: 1, cancellable: 1 } },
  { id: 'ID-C', level: 'MUST', needs: { requests: 10 } },
  { id: 'RL-PROBE-D', level: 'MUST', needs: { requests: 8, probe: true } },
  { id: 'RL-PROBE-E', level: 'MUST', needs: { requests: 8, probe: true, optIn: 'burst' } },
];

const INPUTS: PlanInputs = {
  cancellable: 0,
  shipped: 0,
  grants: {
    secondKey: false,
    keyPlan: false,
    burst: false,
    probeOff: false,
    keyInUrl: false,
    propertyRuns: 8,
    exhaustive: false,
  },
  maxRequests: 100,
  maxWaitSeconds: 120,
  probe: { known: true, requests: 50, waitSeconds: 10, source: 'a known window' },
};

const out = (p: ReturnType<typeof planRun>) =>
  p.checks.filter((c) => !c.run).map((c) => `${c.id} ${c.skip?.cause.kind}`);

describe('planRun', () => {
  it('names a missing fixture and an opt-in, and sums what will run', () => {
    const p = planRun(CHECKS, INPUTS);
    expect(out(p)).toEqual(['CANCEL-B input', 'RL-PROBE-E input']);
    expect(p.requests).toBe(2 + 10 + 50);
    expect(p.longestWaitSeconds).toBe(10);
    expect(p.checks.map((c) => c.id)).toEqual(CHECKS.map((c) => c.id));
  });

  it('leaves out, for the budget, what does not fit, the probe whole; and says what budget fits all', () => {
    const p = planRun(CHECKS, { ...INPUTS, cancellable: 2, maxRequests: 11 });
    expect(out(p)).toEqual(['ID-C limit', 'RL-PROBE-D limit', 'RL-PROBE-E limit']);
    expect(p.probe).toMatch(/^not run: needs up to 50 requests and 8 remain/);
    expect(p.budgetForAll).toBe(2 + 1 + 10 + 50);
  });

  it('leaves out a check that puts the live key in a URL, naming the opt-in, unless it is given', () => {
    const checks = [
      { id: 'AUTH-QUERY-KEY-401', level: 'MUST' as const, needs: { requests: 3, keyInUrl: true } },
    ];
    const p = planRun(checks, INPUTS);
    expect(p.checks[0]).toMatchObject({
      run: false,
      skip: {
        reason: expect.stringMatching(/live key in a URL.*⟦setting:allowKeyInUrl⟧/),
        cause: { kind: 'input', setting: 'allowKeyInUrl' },
      },
    });
    expect(planRun(checks, { ...INPUTS, grants: { ...INPUTS.grants, keyInUrl: true } }).checks[0]?.run).toBe(
      true,
    );
  });

  it('leaves the probe out when its window is longer than the wait limit', () => {
    const p = planRun(CHECKS, { ...INPUTS, cancellable: 1, maxWaitSeconds: 2 });
    expect(out(p)).toEqual(['RL-PROBE-D limit', 'RL-PROBE-E limit']);
    expect(p.probe).toMatch(/⟦flag:maxWaitSeconds⟧ \(2 s\)/);
    expect(p.longestWaitSeconds).toBeNull();
  });

  it('counts a shared sending once, to the first check that runs with it, and generated cases per --property-runs', () => {
    const list = { list: { requests: 1 } };
    const checks: PlanCheck[] = [
      { id: 'LIST-A', level: 'MUST', needs: { requests: 0, shared: list } },
      { id: 'LIST-B', level: 'MUST', needs: { requests: 1, shared: list } },
      { id: 'ID-C', level: 'MUST', needs: { requests: 3, generated: true, shared: list } },
      {
        id: 'ID-D',
        level: 'MUST',
        needs: { requests: 0, shared: { ...list, malformed: { requests: 2, generated: true } } },
      },
      {
        id: 'ID-E',
        level: 'INFO',
        needs: { requests: 0, shared: { ...list, malformed: { requests: 2, generated: true } } },
      },
    ];
    expect(planRun(checks, { ...INPUTS, grants: { ...INPUTS.grants, propertyRuns: 5 } }).requests).toBe(
      1 + 1 + (3 + 5) + (2 + 5),
    );
    // A check the budget leaves out claims nothing: the next one that reads the sending pays for it.
    const tight = planRun(checks, {
      ...INPUTS,
      grants: { ...INPUTS.grants, propertyRuns: 5 },
      maxRequests: 1 + 1 + 8 + 1,
    });
    expect(out(tight)).toEqual(['ID-D limit', 'ID-E limit']);
    const fits = planRun(checks.slice(1), {
      ...INPUTS,
      grants: { ...INPUTS.grants, propertyRuns: 0 },
      maxRequests: 2,
    });
    expect(fits.checks.filter((c) => c.run).map((c) => c.id)).toEqual(['LIST-B']);
    // Generated cases are cut to the budget left: the property runs when its fixed part fits, and takes the rest.
    const cut = planRun(checks.slice(2, 4), {
      ...INPUTS,
      grants: { ...INPUTS.grants, propertyRuns: 50 },
      maxRequests: 5,
    });
    expect(out(cut)).toEqual(['ID-D limit']);
    expect(cut.requests).toBe(5);
    expect(cut.budgetForAll).toBe(1 + 53 + 52);
  });

  it('counts a sampling check at its sample by default and whole under --exhaustive, and says both', () => {
    const checks: PlanCheck[] = [
      { id: 'LIST-A', level: 'MUST', needs: { requests: 2 } },
      // The order list it reads costs the same in both modes: the sampled counts leave it out.
      {
        id: 'AUTH-S',
        level: 'MUST',
        needs: { requests: 4, exhaustive: 30, shared: { list: { requests: 1 } } },
      },
      {
        id: 'PATH-T',
        level: 'MUST',
        needs: { requests: 0, shared: { spell: { requests: 3, exhaustive: 9 } } },
      },
      { id: 'ID-U', level: 'MUST', needs: { requests: 1, exhaustive: 1 } },
    ];
    const sample = planRun(checks, INPUTS);
    expect(sample.requests).toBe(2 + 1 + 4 + 3 + 1);
    expect(sample.exhaustive).toBe(false);
    expect(sample.exhaustiveRequests).toBe(2 + 1 + 30 + 9 + 1);
    // A check whose whole catalogue is its sample does not sample.
    expect(sample.sampled).toEqual([
      { id: 'AUTH-S', sample: 4, all: 30 },
      { id: 'PATH-T', sample: 3, all: 9 },
    ]);
    const all = planRun(checks, { ...INPUTS, grants: { ...INPUTS.grants, exhaustive: true } });
    expect(all.requests).toBe(2 + 1 + 30 + 9 + 1);
    expect(all.sampled).toEqual(sample.sampled);
    // The budget is judged in the run's mode: the whole catalogue may not fit where the sample does.
    const tight = planRun(checks, {
      ...INPUTS,
      grants: { ...INPUTS.grants, exhaustive: true },
      maxRequests: 20,
    });
    expect(out(tight)).toEqual(['AUTH-S limit']);
    expect(tight.sampled.map((c) => c.id)).toEqual(['PATH-T']);
    expect(tight.budgetForAll).toBe(43);
  });

  it('hands pending fixtures out in run order, each once, and leaves out by name a check they cannot serve', () => {
    const first = { 'first cancel': { requests: 1, cancellable: 1 } };
    const held = { 'held fixture': { requests: 0, cancellable: 1 } };
    const checks: PlanCheck[] = [
      { id: 'CANCEL-A', level: 'MUST', needs: { requests: 0, shared: first } },
      { id: 'CANCEL-B', level: 'MUST', needs: { requests: 0, shared: first } },
      { id: 'ID-PAIR', level: 'MUST', needs: { requests: 3, cancellable: 2 } },
      { id: 'ID-C', level: 'MUST', needs: { requests: 0, shared: held } },
      { id: 'ID-D', level: 'SHOULD', needs: { requests: 0, shared: held } },
      { id: 'CANCEL-S', level: 'MUST', needs: { requests: 1, shipped: true } },
    ];
    const all = planRun(checks, { ...INPUTS, cancellable: 4, shipped: 1 });
    expect(out(all)).toEqual([]);
    expect(all.fixtures).toEqual({
      uses: [
        { pending: 1, by: 'CANCEL-A', sending: 'first cancel', serves: ['CANCEL-A', 'CANCEL-B'] },
        { pending: 2, by: 'ID-PAIR', serves: ['ID-PAIR'] },
        { pending: 1, by: 'ID-C', sending: 'held fixture', serves: ['ID-C', 'ID-D'] },
      ],
      pending: 4,
      pendingForAll: 4,
      shippedBy: ['CANCEL-S'],
    });
    // Two given: the pair cannot be served and is left out before sending; the checks after it still are.
    const two = planRun(checks, { ...INPUTS, cancellable: 2, shipped: 0 });
    expect(out(two)).toEqual(['ID-PAIR input', 'CANCEL-S input']);
    expect(two.checks.find((c) => c.id === 'ID-PAIR')!.skip!.reason).toMatch(
      /^needs 2 pending orders the run may cancel and 1 remain: list them in ⟦setting:cancellableOrderIds⟧/,
    );
    expect(two.fixtures.pending).toBe(2);
    expect(two.fixtures.pendingForAll).toBe(4);
  });
});

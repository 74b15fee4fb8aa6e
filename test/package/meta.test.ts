// The meta-test of the suite against its own fault catalogue: every MUST and SHOULD check is shown failing
// (or warning) by at least one reference fault, and every fault names checks that exist at the level its
// outcome implies. A gap fails and names itself. That each fault is really caught is test/faults/matrix.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/server.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { FAULT_MATRIX } from '../faults/index.ts';

const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));

/**
 * Checks whose breakage the reference server cannot show (it frames every response correctly and writes
 * Retry-After with node's own header code), proven failing instead against the project's hostile server;
 * the test below requires that file to assert each one's failure.
 */
const BROKEN_ELSEWHERE: Record<string, string> = {
  'HTTP-FRAMING': 'test/hostile/scenarios.test.ts',
  'RL-HEADERS-RETRY-AFTER-VALID': 'test/hostile/scenarios.test.ts',
};

describe('meta: checks and faults', () => {
  it('every MUST and SHOULD check is broken by at least one fault', () => {
    const named = new Set([
      ...FAULT_MATRIX.flatMap(([, e]) => [...(e.fails ?? []), ...(e.warns ?? [])]),
      ...Object.keys(BROKEN_ELSEWHERE),
    ]);
    const unbroken = ALL_CHECKS.filter(
      (c) => (c.level === 'MUST' || c.level === 'SHOULD') && !named.has(c.id),
    ).map(
      (c) =>
        `${c.id} (${c.level}) is broken by no reference fault: add one to reference/faults/<area>.ts and its proof to test/faults/`,
    );
    expect(unbroken).toEqual([]);
  });

  it('the checks broken elsewhere are asserted failing there', () => {
    expect(Object.keys(BROKEN_ELSEWHERE).length).toBeGreaterThan(0);
    for (const [id, file] of Object.entries(BROKEN_ELSEWHERE)) {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(text, `${file} never asserts ${id} fails`).toMatch(
        new RegExp(`checkOf\\(run, '${id}'\\)\\.status\\)\\.toBe\\('fail'\\)`),
      );
    }
  });

  it('every fault names existing checks: fails for MUST checks, warns for SHOULD checks', () => {
    const wrong: string[] = [];
    for (const [fault, e] of FAULT_MATRIX) {
      for (const id of e.fails ?? []) {
        const c = byId.get(id);
        if (c?.level !== 'MUST') wrong.push(`${fault}: fails ${id}, which is ${c ? c.level : 'no check'}`);
      }
      for (const id of e.warns ?? []) {
        const c = byId.get(id);
        if (c?.level !== 'SHOULD') wrong.push(`${fault}: warns ${id}, which is ${c ? c.level : 'no check'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every catalogued fault is in the matrix, caught by at least one check', () => {
    const inMatrix = new Set(FAULT_MATRIX.map(([id]) => id));
    expect(
      FAULTS.map((f) => f.id)
        .filter((id) => !inMatrix.has(id))
        .map((id) => `${id} is caught by nothing`),
    ).toEqual([]);
  });
});

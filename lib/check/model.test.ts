// A check is one declaration: a judge (and what it sends) with the traffic a recording shows it by, or a run
// that sends and judges in one with why no recording can; defineCheck refuses anything else.
import { describe, expect, it } from 'vitest';
import { make } from '../../test/support/check-run.ts';
import {
  type CheckInput,
  defineCheck,
  defineSuite,
  judgesRecordings,
  runLive,
  selectChecks,
} from './model.ts';

const BASE = {
  id: 'T-ONE',
  spec: 'spec §4',
  level: 'INFO',
  rules: ['4.cancel.r3'],
  requirement: 'r',
  title: 't',
  needs: { requests: 0 },
} as const;

const define = (more: object) => defineCheck({ ...BASE, ...more } as unknown as CheckInput<string[]>);
const step = (name: string) => async (log: string[]) => {
  log.push(name);
};

describe('a check declaration', () => {
  it('with a judge says what traffic shows it; with a run, why none can', () => {
    expect(() => define({ judge: step('j'), recorded: { shows: 'any answer' } })).not.toThrow();
    expect(() => define({ run: step('r'), recorded: { only: 'the probe' } })).not.toThrow();
    expect(() => define({ judge: step('j'), recorded: { only: 'the probe' } })).toThrow(/recorded\.shows/);
    expect(() => define({ run: step('r'), recorded: { shows: 'any answer' } })).toThrow(/recorded\.only/);
  });

  it('has exactly one of a judge and a run, and a run keeps its sending in it', () => {
    expect(() => define({ recorded: { shows: 'x' } })).toThrow(/exactly one/);
    expect(() => define({ judge: step('j'), run: step('r'), recorded: { shows: 'x' } })).toThrow(
      /exactly one/,
    );
    expect(() => define({ run: step('r'), send: step('s'), recorded: { only: 'x' } })).toThrow(/sending/);
  });

  it('runs live as its sending then its judge, or as its run; a recording reads the judge alone', async () => {
    const judged = define({ send: step('send'), judge: step('judge'), recorded: { shows: 'x' } });
    const ran = define({ run: step('run'), recorded: { only: 'x' } });
    const log: string[] = [];
    await runLive(judged, log);
    await runLive(ran, log);
    expect(log).toEqual(['send', 'judge', 'run']);
    expect(judgesRecordings(judged)).toBe(true);
    expect(judgesRecordings(ran)).toBe(false);
  });
});

describe('check definitions', () => {
  it('refuse malformed ids and checks outside their suite prefix', () => {
    expect(() => defineCheck({ ...make('MUST', async () => {}), id: 'lower-case' })).toThrow(/UPPER-KEBAB/);
    expect(() =>
      defineSuite({ id: 'LIST', title: 'x', spec: 's', checks: [make('MUST', async () => {})] }),
    ).toThrow(/prefix LIST-/);
  });

  it('refuse a MUST or SHOULD without a basis; INFO may go without', () => {
    const { basis: _, ...bare } = make('MUST', async () => {});
    expect(() => defineCheck(bare)).toThrow(/T-ONE is MUST but names no basis/);
    expect(() => defineCheck({ ...bare, level: 'SHOULD', basis: [] })).toThrow(/SHOULD but names no basis/);
    expect(() => defineCheck({ ...bare, basis: [{ source: 'spec §5', text: ' ' }] })).toThrow(
      /basis without source or text/,
    );
    expect(defineCheck({ ...bare, level: 'INFO' }).id).toBe('T-ONE');
  });

  it('derive spec from the basis when it states none, and refuse one that only repeats it', () => {
    const { spec: _, ...unstated } = make('MUST', async () => {});
    const basis = [
      { source: 'spec §8 rule 1', text: 'a' },
      { source: 'RFC 9110 §5.3', text: 'b' },
      { source: 'spec §8 rule 1', text: 'c' },
    ];
    expect(defineCheck({ ...unstated, basis }).spec).toBe('spec §8 rule 1; RFC 9110 §5.3');
    expect(() => defineCheck({ ...unstated, basis, spec: 'spec §8 rule 1; RFC 9110 §5.3' })).toThrow(
      /states the spec its basis gives/,
    );
    expect(defineCheck({ ...unstated, basis, spec: 'spec §8 rule 1 (every response)' }).spec).toBe(
      'spec §8 rule 1 (every response)',
    );
  });

  it('select by id prefix with --only and --skip', () => {
    const ids = [{ id: 'LIST-A' }, { id: 'LIST-B' }, { id: 'AUTH-A' }, { id: 'RL-PROBE-X' }];
    expect(selectChecks(ids, [], []).length).toBe(4);
    expect(selectChecks(ids, ['LIST'], ['LIST-B']).map((c) => c.id)).toEqual(['LIST-A']);
    expect(selectChecks(ids, [], ['RL-PROBE']).map((c) => c.id)).toEqual(['LIST-A', 'LIST-B', 'AUTH-A']);
  });
});

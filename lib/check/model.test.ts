// A check is one declaration: a judge (and what it sends) with the traffic a recording shows it by, or a run
// that sends and judges in one with why no recording can; defineCheck refuses anything else.
import { describe, expect, it } from 'vitest';
import { type CheckInput, defineCheck, judgesRecordings, runLive } from './model.ts';

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

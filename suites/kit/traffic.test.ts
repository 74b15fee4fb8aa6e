// Every check says how it is judged from recorded traffic (suites/<area>/traffic.ts), and nothing else does.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS, TRAFFIC_JUDGES } from '../index.ts';

describe('the traffic entries', () => {
  it('name every check of the catalogue, and only those', () => {
    const ids = ALL_CHECKS.map((c) => c.id);
    expect(ids.filter((id) => !Object.hasOwn(TRAFFIC_JUDGES, id))).toEqual([]);
    expect(Object.keys(TRAFFIC_JUDGES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('each say what traffic would show their check', () => {
    expect(Object.keys(TRAFFIC_JUDGES).length).toBeGreaterThan(10);
    for (const [id, e] of Object.entries(TRAFFIC_JUDGES)) expect(e.shows.length, id).toBeGreaterThan(10);
  });

  // The model of the store judges a recording as it judges a run (the STATE- entries): the fault matrix proves
  // it, judging each faulty run's transcript.har and requiring a check the fault names to catch it there too.

  it('judge most MUST checks from traffic', () => {
    const musts = ALL_CHECKS.filter((c) => c.level === 'MUST');
    const judged = musts.filter((c) => TRAFFIC_JUDGES[c.id]!.judge !== undefined);
    // The ones left are what only the suite's own sendings show (a burst, a cancel of one fixture watched on another).
    expect(musts.filter((c) => !judged.includes(c)).map((c) => c.id)).toEqual([
      'ID-CANCEL-ISOLATION',
      'RL-PROBE-BURST',
      'STATE-SEQUENCE',
    ]);
  });
});

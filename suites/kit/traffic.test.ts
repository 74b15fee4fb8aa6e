// Every check says how a recording shows it: its judge and the traffic that shows it, or why only the suite's
// own sending can.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS, recordingOf } from '../index.ts';

describe('the traffic entries', () => {
  it('name every check of the catalogue', () => {
    expect(ALL_CHECKS.filter((c) => recordingOf(c) === undefined).map((c) => c.id)).toEqual([]);
  });

  it('each say what traffic would show their check', () => {
    expect(ALL_CHECKS.length).toBeGreaterThan(10);
    for (const c of ALL_CHECKS) expect(recordingOf(c)!.shows.length, c.id).toBeGreaterThan(10);
  });

  // The model of the store judges a recording as it judges a run (the STATE- entries): the fault matrix proves
  // it, judging each faulty run's transcript.har and requiring a check the fault names to catch it there too.

  it('judge most MUST checks from traffic', () => {
    const musts = ALL_CHECKS.filter((c) => c.level === 'MUST');
    const judged = musts.filter((c) => recordingOf(c)!.judge !== undefined);
    // The ones left are what only the suite's own sendings show (a burst, a cancel of one fixture watched on
    // another, a re-spelled key placed where its own count would stand out, a request put on one connection of
    // the suite's own after one with content, a cancel whose query names another order than its path).
    expect(musts.filter((c) => !judged.includes(c)).map((c) => c.id)).toEqual([
      'ID-CANCEL-ISOLATION',
      'RL-PROBE-KEY-SPELLING',
      'RL-PROBE-BURST',
      'STATE-SEQUENCE',
      'HTTP-REQUEST-BODY-FRAMING',
      'HTTP-CANCEL-PATH-ID',
      'HTTP-SURFACE-PROPERTY',
    ]);
  });
});

// compare on hand-made reports: new failures, fixes, changed INFO observations, changed rate-limit figures.
import { describe, expect, it } from 'vitest';
import type { RateLimitSeries } from '../check/model.ts';
import { type ComparedReport, compareReports, comparisonMarkdown } from './compare.ts';

const series = (limit: number, walk: number, waitMs: number): RateLimitSeries => ({
  points: [
    { seq: 0, phase: 'reading', status: 204, limit, remaining: limit, atMs: 0 },
    ...Array.from({ length: walk }, (_, i) => ({
      seq: i + 1,
      phase: 'walk' as const,
      status: i === walk - 1 ? 429 : 204,
      limit,
      atMs: i + 1,
    })),
  ],
  waits: [{ before: walk + 1, ms: waitMs }],
});

function run(runId: string, checks: ComparedReport['checks']): ComparedReport {
  return { runId, target: { baseUrl: 'https://s.example/v1' }, verdict: 'x', checks };
}

describe('compareReports', () => {
  it('sorts changes into new failures, fixes, INFO observations and rate-limit figures', () => {
    const a = run('A', [
      { id: 'LIST-A', level: 'MUST', status: 'fail', message: 'wrapped' },
      { id: 'LIST-B', level: 'MUST', status: 'pass', message: 'ok' },
      { id: 'CANCEL-INFO', level: 'INFO', status: 'info', message: '409 body: Error' },
      {
        id: 'RL-PROBE-X',
        level: 'MUST',
        status: 'pass',
        message: 'ok',
        rateLimitSeries: series(60, 61, 30_000),
      },
    ]);
    const b = run('B', [
      { id: 'LIST-A', level: 'MUST', status: 'pass', message: 'ok' },
      { id: 'LIST-B', level: 'MUST', status: 'fail', message: 'broken' },
      { id: 'CANCEL-INFO', level: 'INFO', status: 'info', message: '409 body: none' },
      { id: 'NEW-W', level: 'SHOULD', status: 'warn', message: 'w' },
      {
        id: 'RL-PROBE-X',
        level: 'MUST',
        status: 'pass',
        message: 'ok',
        rateLimitSeries: series(300, 301, 30_000),
      },
    ]);
    const c = compareReports(a, b);
    expect(c.newFailures.map((x) => x.id)).toEqual(['LIST-B', 'NEW-W']);
    expect(c.newFailures[1]!.before).toBe('not in the run');
    expect(c.fixed.map((x) => x.id)).toEqual(['LIST-A']);
    expect(c.changedObservations).toEqual([
      { id: 'CANCEL-INFO', level: 'INFO', before: 'info: 409 body: Error', after: 'info: 409 body: none' },
    ]);
    expect(c.changedRateLimits.map((x) => `${x.id}: ${x.before} -> ${x.after}`)).toEqual([
      'X-RateLimit-Limit: 60 -> 300',
      'requests to the 429: 61 -> 301',
    ]);
    const md = comparisonMarkdown(c, a, b);
    expect(md).toMatch(
      /## New failures \(2\)\n\n\| Check \| Level \| A \| B \|\n\|---\|---\|---\|---\|\n\| `LIST-B` \| MUST \| `pass: ok` \| `fail: broken` \|/,
    );
    expect(md).toMatch(/\| X-RateLimit-Limit \| `60` \| `300` \|/);
  });
});

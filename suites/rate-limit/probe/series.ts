// The probe's record as the series the report plots: every response in the order sent (the reading, the
// walk, the recovery attempts, the burst) with its rate-limit headers, and the waits between them. Pure.
import type { RateLimitPoint, RateLimitSeries } from '../../../lib/check/model.ts';
import type { ProbeRecord, Sample } from './record.ts';

function point(s: Sample, phase: RateLimitPoint['phase']): RateLimitPoint {
  return {
    seq: s.response.exchange.seq,
    phase,
    status: s.status,
    ...(s.limit !== undefined ? { limit: s.limit } : {}),
    ...(s.remaining !== undefined ? { remaining: s.remaining } : {}),
    ...(s.resetAtMs !== undefined ? { resetAtMs: s.resetAtMs } : {}),
    atMs: s.response.receivedAtMs,
  };
}

export function seriesOf(record: ProbeRecord): RateLimitSeries | undefined {
  if (record.walk.kind !== 'done') return undefined;
  // The walk's samples start with the reading (#0).
  const [reading, ...walk] = record.walk.value.samples;
  const points: RateLimitPoint[] = [
    ...(reading ? [point(reading, 'reading')] : []),
    ...walk.map((s) => point(s, 'walk')),
  ];
  const waits: RateLimitSeries['waits'] = [];
  if (record.recovery.kind === 'done') {
    const { attempts, waitsMs } = record.recovery.value;
    for (const [i, s] of attempts.entries()) {
      if (waitsMs[i] !== undefined) waits.push({ before: points.length, ms: waitsMs[i]! });
      points.push(point(s, 'recovery'));
    }
  }
  if (record.burst.kind === 'done') points.push(...record.burst.value.samples.map((s) => point(s, 'burst')));
  return { points, waits };
}

// Which cancels of one order the race judge reads as sent at one moment: those this suite sent together (even
// when a loaded target answered the first before the next arrived), and in any recording those that overlap.
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../lib/http/transcript.ts';
import { RunMemo } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { TRAFFIC } from '../kit/traffic.ts';
import { liveTraffic } from '../kit/traffic-live.ts';
import { racesOf } from './race.ts';

const BASE = 'http://127.0.0.1:9/v1';

function cancels(spans: Array<{ at: number; ms: number; together?: number }>): Ctx {
  const transcript = new Transcript();
  for (const { at, ms, together } of spans)
    transcript.add({
      bucket: 'primary',
      startedAt: new Date(1_800_000_000_000 + at).toISOString(),
      durationMs: ms,
      request: {
        method: 'DELETE',
        url: `${BASE}/store/orders/7`,
        headers: { authorization: 'Bearer $ORDER_STORE_API_KEY' },
      },
      response: { status: 204, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
      ...(together !== undefined ? { together } : {}),
    });
  const memo = new RunMemo();
  memo.once(TRAFFIC, () => liveTraffic(transcript, BASE));
  return { memo, transcript } as unknown as Ctx;
}

describe('the cancels the race judge reads as one race', () => {
  it('are those sent together, though the first was answered before the second left', () => {
    const races = racesOf(
      cancels([
        { at: 0, ms: 5, together: 1 },
        { at: 20, ms: 5, together: 1 },
      ]),
    );
    expect(races.map((r) => [r.id, r.group.length])).toEqual([['7', 2]]);
  });

  it('are, in a recording without that mark, those on the wire together', () => {
    expect(
      racesOf(
        cancels([
          { at: 0, ms: 30 },
          { at: 10, ms: 5 },
        ]),
      ).map((r) => r.group.length),
    ).toEqual([2]);
    expect(
      racesOf(
        cancels([
          { at: 0, ms: 5 },
          { at: 20, ms: 5 },
        ]),
      ),
    ).toEqual([]);
  });

  it('are never two sendings apart, one after the other', () => {
    expect(
      racesOf(
        cancels([
          { at: 0, ms: 5, together: 1 },
          { at: 20, ms: 5, together: 2 },
        ]),
      ),
    ).toEqual([]);
  });
});

// The probe's record as its judges and the areas beside it read it: judging a recording, the run's probe is the
// one the recording shows, the same through the kit (as the state area reaches it), and nothing is sent; in a
// live run a judge reads only what the checks' send sent. Synthetic exchanges; no server.
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../lib/http/client.ts';
import { Transcript } from '../../../lib/http/transcript.ts';
import { RunMemo } from '../../../lib/run/memo.ts';
import type { Ctx } from '../../kit/context.ts';
import { probeOf as probeThroughKit } from '../../kit/rate-limit-probe.ts';
import { TRAFFIC, type Traffic } from '../../kit/traffic.ts';
import { probeOf, probeRecord } from './session.ts';

const T0 = 1_800_000_000_000;
const RESET = String(T0 / 1000 + 60);

/** A client that fails the test on any use: a judge never sends. */
const noClient = new Proxy({} as HttpClient, {
  get: (_, name) => {
    throw new Error(`the client was used (${String(name)})`);
  },
});

/** A run's context over three answers with the key (Remaining 2, 1, 0) and the 429 after them. */
function contextOf(live: boolean): Ctx {
  const transcript = new Transcript();
  const answer = (i: number, status: number, remaining: number, extra: Record<string, string> = {}) =>
    transcript.add({
      bucket: 'primary',
      startedAt: new Date(T0 + i * 100).toISOString(),
      durationMs: 10,
      request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
      response: {
        status,
        headers: {
          'x-ratelimit-limit': '3',
          'x-ratelimit-remaining': String(remaining),
          'x-ratelimit-reset': RESET,
          ...extra,
        },
        body: '',
        bodyBytes: 0,
        bodyTruncated: false,
      },
    });
  answer(0, 200, 2);
  answer(1, 200, 1);
  answer(2, 200, 0);
  answer(3, 429, 0, { 'retry-after': '30' });
  const memo = new RunMemo();
  memo.once(
    TRAFFIC,
    (): Traffic => ({
      facts: new Map(),
      keys: 'known',
      framing: true,
      ownBuckets: true,
      binary: new Map(),
      ...(live ? { live: true as const } : {}),
    }),
  );
  return { transcript, memo, http: noClient, log: () => {} } as unknown as Ctx;
}

describe("the probe's record", () => {
  it('judging a recording, is the one the recording shows, through the kit alike, and sends nothing', async () => {
    const ctx = contextOf(false);
    const session = probeOf(ctx);
    expect(probeThroughKit(ctx)).toBe(session);
    const record = await probeRecord(ctx);
    expect(await probeThroughKit(ctx).run()).toBe(record);
    expect(record.walk.kind).toBe('done');
    const walk = record.walk.kind === 'done' ? record.walk.value : undefined;
    expect(walk?.samples.map((s) => s.status)).toEqual([200, 200, 200, 429]);
    expect(walk?.limited?.response.exchange.seq).toBe(4);
  });

  it('in a live run, is read by a judge only once the checks’ send has sent it', () => {
    const ctx = contextOf(true);
    expect(() => probeRecord(ctx)).toThrow(/judged before it was sent/);
    expect(() => probeOf(ctx).readingSent()).toThrow(/judged before it was sent/);
  });
});

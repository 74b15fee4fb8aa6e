// The judges bound to a recording let go of their readings when renewed between areas: the next judge reads
// the same exchanges afresh (a long recording then holds one area's readings at a time), and judges alike.
import { describe, expect, it } from 'vitest';
import { passiveRunConfig } from '../../engine/judge-traffic.ts';
import type { CheckContext } from '../../lib/check/run-check.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { recorded } from '../../suites/kit/traffic.ts';
import { bindTraffic } from '../../suites/kit/traffic-bind.ts';
import { loadTraffic } from '../../suites/kit/traffic-load.ts';

const BASE = 'http://127.0.0.1:9/v1';

const entry = (at: number, token: string, status: number): RecordedEntry => ({
  source: `recording#${at}`,
  startedMs: Date.UTC(2026, 0, 1) + at * 1000,
  durationMs: 1,
  method: 'GET',
  url: `${BASE}/store/orders`,
  requestHeaders: [['authorization', `Bearer ${token}`]],
  status,
  responseHeaders: [['content-type', 'application/json']],
  body: Buffer.from(status === 200 ? '[]' : '{"code":"x","message":"y","status":401}'),
  bodyBytes: status === 200 ? 2 : 39,
  bodyWhole: true,
  ours: {},
});

describe('bindTraffic', () => {
  it('hands out the transcript afresh once renewed: the readings made before are not the ones read after', async () => {
    const redactor = new Redactor();
    const entries = [
      entry(0, 'key-0123456789abcdef', 200),
      entry(1, 'other-0123456789abcdef', 401),
      entry(2, 'key-0123456789abcdef', 200),
    ];
    const loaded = loadTraffic({ entries, baseUrl: BASE, redactor });
    const config = passiveRunConfig(
      loadTrafficConfig(['--har', 'recording.har'], 'judge', { env: {} }),
      BASE,
    );
    const bind = bindTraffic(loaded, config, redactor, () => {});
    // Only what the bind adds is read here: the base context of a check is not.
    const base = {} as unknown as CheckContext;
    try {
      const views = [false, true].map((buckets) => bind.context(base, buckets));
      const before = views.map((ctx) => ({ all: ctx.transcript.all(), read: [...recorded(ctx)] }));
      // Read again without a renewal: the same array, and rows of the same exchanges (made as read, not kept).
      views.forEach((ctx, i) => {
        expect(ctx.transcript.all()).toBe(before[i]!.all);
        const rows = [...recorded(ctx)];
        expect(rows).toEqual(before[i]!.read);
        rows.forEach((r, j) => {
          expect(r.x).toBe(before[i]!.read[j]!.x);
          expect(r.offered).toBe(before[i]!.read[j]!.offered);
        });
      });
      bind.renew();
      const after = [false, true].map((buckets) => bind.context(base, buckets));
      after.forEach((ctx, i) => {
        const all = ctx.transcript.all();
        expect(all).not.toBe(before[i]!.all);
        expect(all).toEqual(before[i]!.all);
        all.forEach((x, j) => {
          expect(x).toBe(before[i]!.all[j]);
        });
        expect([...recorded(ctx)]).toEqual(before[i]!.read);
      });
      expect(after[0]!.transcript.all()).toHaveLength(3);
    } finally {
      await bind.close();
    }
  });

  it('gives the judges by credential bucket the transcript itself when no exchange is left out of it', async () => {
    const redactor = new Redactor();
    const entries = [entry(0, 'key-0123456789abcdef', 200), entry(1, 'key-0123456789abcdef', 200)];
    const loaded = loadTraffic({ entries, baseUrl: BASE, redactor });
    const config = passiveRunConfig(
      loadTrafficConfig(['--har', 'recording.har'], 'judge', { env: {} }),
      BASE,
    );
    const bind = bindTraffic(loaded, config, redactor, () => {});
    const base = {} as unknown as CheckContext;
    try {
      // One array for both kinds of judge: a reading kept by the array it read is made once, not twice.
      const [all, keyed] = [false, true].map((buckets) => bind.context(base, buckets).transcript.all());
      expect(keyed).toBe(all);
      const a = [...recorded(bind.context(base, true))];
      const b = [...recorded(bind.context(base, false))];
      expect(a).toEqual(b);
      a.forEach((r, j) => {
        expect(r.x).toBe(b[j]!.x);
      });
    } finally {
      await bind.close();
    }
  });
});

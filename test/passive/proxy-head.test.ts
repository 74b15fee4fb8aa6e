// The recording proxy sees what a target sends after the head of its answer to a HEAD (node's client, as
// undici, drops it): a target that sends the list's body after it has that content recorded as the HEAD's
// body, which HTTP-FRAMING judges as the run does; a conformant target's HEAD records none.
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../engine/proxy.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { reference } from '../support/reference.ts';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** One HEAD of the list through a proxy in front of the reference, and the entry the proxy recorded. */
async function headThroughProxy(faults: string[]): Promise<RecordedEntry> {
  const server = await reference({ faults: faults as never });
  const entries: RecordedEntry[] = [];
  const proxy = await startProxy({
    target: new URL(server.baseUrl).origin,
    host: '127.0.0.1',
    port: 0,
    maxResponseBytes: 1 << 20,
    onExchange: (e) => entries.push(e),
  });
  closers.push(() => proxy.close(100));
  const path = new URL(server.baseUrl).pathname;
  const res = await request(`${proxy.url}${path}/store/orders`, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${server.demoKey}` },
  });
  await res.body.dump();
  expect(res.statusCode).toBe(200);
  for (let i = 0; i < 100 && entries.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

describe('the recording proxy and a HEAD', () => {
  it('records content sent after the head of a HEAD answer as its body', async () => {
    const entry = await headThroughProxy(['http-head-body-close']);
    expect(entry.method).toBe('HEAD');
    expect(entry.bodyBytes).toBeGreaterThan(0);
    expect(String(entry.body)).toMatch(/^\[/);
  });

  it("records no content for a conformant server's HEAD", async () => {
    const entry = await headThroughProxy([]);
    expect(entry).toMatchObject({ method: 'HEAD', status: 200, bodyBytes: 0 });
  });
});

// Hand-made histories of one order (42) for the state judges' unit tests: lists (each its body) and cancels,
// evenly spaced, as the History they read and a body lookup. Pure; no server.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { CancelSent, History, ListSeen } from '../../suites/state/history.ts';

const BASE = 'http://127.0.0.1:8080/v1';

/** A list (its body; `second`: read with the second key) or a cancel answered `cancel`. */
export type Step = { list: string; second?: true } | { cancel: number };

/** The steps `stepMs` apart as a History with the given fixtures, and the body of each list read. */
export function orderHistory(
  steps: Step[],
  stepMs: number,
  fixtures: History['fixtures'],
): { history: History; body: (x: Exchange) => Uint8Array | undefined } {
  const bodies = new Map<number, Uint8Array>();
  const lists: ListSeen[] = [];
  const cancels: CancelSent[] = [];
  steps.forEach((s, i) => {
    const list = 'list' in s;
    const exchange: Exchange = {
      seq: i + 1,
      bucket: 'list' in s && s.second ? 'secondary' : 'primary',
      startedAt: new Date(i * stepMs).toISOString(),
      durationMs: 5,
      request: {
        method: list ? 'GET' : 'DELETE',
        url: `${BASE}/store/orders${list ? '' : '/42'}`,
        headers: {},
      },
      response: { status: list ? 200 : s.cancel, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    };
    const t = { exchange, startMs: i * stepMs, endMs: i * stepMs + 5 };
    if ('list' in s) {
      // A leading byte order mark given with the items goes before the array, as a server writes it.
      const bom = s.list.startsWith('\uFEFF') ? '\uFEFF' : '';
      bodies.set(exchange.seq, Buffer.from(`${bom}[${s.list.slice(bom.length)}]`));
      const shown = s.list.includes('"id":42');
      lists.push({
        ...t,
        ids: { has: (id) => shown && id === '42', added: new Set(), removed: new Set(), unnamed: 0 },
      });
    } else
      cancels.push({
        ...t,
        segment: '42',
        names: ['42'],
        status: s.cancel,
        outcome: s.cancel < 300 ? 'done' : 'refused',
      });
  });
  return { history: { lists, cancels, fixtures }, body: (x) => bodies.get(x.seq) };
}

/**
 * The body lookup of orderHistory counting its reads, and a key per distinct body (the first list with the
 * same bytes, as the run's list bodies name it): what a judge that reads each distinct body once is handed.
 */
export function sharedBodies(body: (x: Exchange) => Uint8Array | undefined): {
  counted: (x: Exchange) => Uint8Array | undefined;
  sameBody: (x: Exchange) => object | undefined;
  reads: () => number;
} {
  let reads = 0;
  const firsts = new Map<string, object>();
  return {
    counted: (x) => {
      reads += 1;
      return body(x);
    },
    sameBody: (x) => {
      const bytes = body(x);
      if (bytes === undefined) return undefined;
      const text = Buffer.from(bytes).toString('latin1');
      if (!firsts.has(text)) firsts.set(text, { first: x.seq });
      return firsts.get(text);
    },
    reads: () => reads,
  };
}

// A store history built step by step for the store model's judges: lists and cancels on a fake clock, each
// 10 ms on the wire, read back as a recorded transcript gives them. Test support; sends nothing.
import type { Exchange } from '../../lib/http/transcript.ts';
import { ListIds } from '../../suites/kit/list-ids.ts';
import { snapshotsOf } from '../../suites/kit/store-lists.ts';
import { type Fixtures, historyOf } from '../../suites/state/history.ts';

const AT = Date.UTC(2026, 10, 26, 12, 0, 0, 0);
export const BASE = 'http://127.0.0.1:8080/v1';
export const FIXTURES: Fixtures = { pending: ['1', '2'], shipped: ['42'], shownPending: ['1', '2'] };
export const ALL = ['1', '2', '3', '42'];

/** A run built step by step: each request 10 ms on the wire, one after the other unless `at` says when. */
export class Run {
  readonly exchanges: Exchange[] = [];
  /** Each list's ids, as a recorded body would give them. */
  readonly lists = new Map<number, string[]>();
  #clock = 0;

  private add(method: string, path: string, status: number | undefined, at?: number): Exchange {
    const startMs = at ?? this.#clock;
    this.#clock = Math.max(this.#clock, startMs + 20);
    const x: Exchange = {
      seq: this.exchanges.length + 1,
      bucket: 'primary',
      startedAt: new Date(AT + startMs).toISOString(),
      durationMs: 10,
      request: { method, url: `${BASE}${path}`, headers: {} },
      ...(status !== undefined
        ? { response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }
        : { error: { code: 'ECONNRESET', message: 'reset' } }),
    };
    this.exchanges.push(x);
    return x;
  }

  list(ids: string[], at?: number): this {
    const x = this.add('GET', '/store/orders', 200, at);
    this.lists.set(x.seq, ids);
    return this;
  }

  cancel(segment: string, status: number | undefined, at?: number): this {
    this.add('DELETE', `/store/orders/${segment}`, status, at);
    return this;
  }

  /** The history as a recorded transcript gives it: the lists' snapshots made after the fact. */
  history(fixtures = FIXTURES) {
    return historyOf(
      this.exchanges,
      snapshotsOf(this.exchanges, (x) => {
        const ids = this.lists.get(x.seq);
        return ids && ListIds.of(ids);
      }),
      fixtures,
    );
  }
}

export const without = (...gone: string[]) => ALL.filter((id) => !gone.includes(id));

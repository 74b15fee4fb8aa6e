// A recording's answers with the key as samples for the probe's readings of the whole sequence (its windows,
// what was served past a Limit), kept as columns of numbers: each sample a small view, its response replayed
// when read. A million answers then hold some 70 bytes each, not a sample and a replayed response apiece.

import type { Announced } from '../../../lib/formats/ratelimit-draft.ts';
import type { Response } from '../../../lib/http/client.ts';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { type Sample, sampleOf } from './record.ts';

type Drafted = Announced & { resetAtMs?: number };

/** The numbers sampleOf reads from each answer; `has` says which it read (a bit for each optional one). */
interface Columns {
  answerOf: (x: Exchange) => Response;
  xs: readonly Exchange[];
  status: Uint16Array;
  has: Uint8Array;
  limit: Float64Array;
  remaining: Float64Array;
  reset: Float64Array;
  resetAtMs: Float64Array;
  serverNowMs: Float64Array;
  announced: Map<number, Drafted>;
}

const LIMIT = 1;
const REMAINING = 2;
const RESET = 4;
const RESET_AT = 8;

/** One answer as a sample: every field read from the columns, the response replayed anew on each read. */
class SampleView {
  constructor(
    private readonly cols: Columns,
    readonly n: number,
  ) {}
  #read(bit: number, column: Float64Array): number | undefined {
    return (this.cols.has[this.n]! & bit) !== 0 ? column[this.n]! : undefined;
  }
  get response(): Response {
    return this.cols.answerOf(this.cols.xs[this.n]!);
  }
  get status(): number {
    return this.cols.status[this.n]!;
  }
  get limit(): number | undefined {
    return this.#read(LIMIT, this.cols.limit);
  }
  get remaining(): number | undefined {
    return this.#read(REMAINING, this.cols.remaining);
  }
  get reset(): number | undefined {
    return this.#read(RESET, this.cols.reset);
  }
  get resetAtMs(): number | undefined {
    return this.#read(RESET_AT, this.cols.resetAtMs);
  }
  get serverNowMs(): number {
    return this.cols.serverNowMs[this.n]!;
  }
  get announced(): Drafted | undefined {
    return this.cols.announced.get(this.n);
  }
}

/**
 * The first `count` of `xs` as samples numbered from 0, each read as sampleOf reads it (the same values, the
 * sample made and dropped at once). For readings that compare fields only: a check is handed real samples
 * (sampleOf), as a view's response is a new object on each read and it carries no fields of its own to spread.
 */
export function sampleViews(
  xs: readonly Exchange[],
  count: number,
  answerOf: (x: Exchange) => Response,
): Sample[] {
  const cols: Columns = {
    answerOf,
    xs,
    status: new Uint16Array(count),
    has: new Uint8Array(count),
    limit: new Float64Array(count),
    remaining: new Float64Array(count),
    reset: new Float64Array(count),
    resetAtMs: new Float64Array(count),
    serverNowMs: new Float64Array(count),
    announced: new Map(),
  };
  const put = (i: number, bit: number, column: Float64Array, v: number | undefined) => {
    if (v === undefined) return;
    cols.has[i] = cols.has[i]! | bit;
    column[i] = v;
  };
  const views: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const s = sampleOf(answerOf(xs[i]!), i);
    cols.status[i] = s.status;
    put(i, LIMIT, cols.limit, s.limit);
    put(i, REMAINING, cols.remaining, s.remaining);
    put(i, RESET, cols.reset, s.reset);
    put(i, RESET_AT, cols.resetAtMs, s.resetAtMs);
    cols.serverNowMs[i] = s.serverNowMs;
    if (s.announced !== undefined) cols.announced.set(i, s.announced);
    views.push(new SampleView(cols, i) as unknown as Sample);
  }
  return views;
}

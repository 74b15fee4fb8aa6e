// A recording's answers with the key as samples for the probe's readings of the whole sequence (its windows,
// what was served past a Limit): each sample a small view over the run's rate-limit columns
// (rate-limit-columns.ts) and the moments worked out once, its response replayed when read.

import { dateIsOff, resetAtLocalMs } from '../../../lib/formats/rate-limit-headers.ts';
import { type Announced, announcedLimits } from '../../../lib/formats/ratelimit-draft.ts';
import type { Response } from '../../../lib/http/client.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';
import { type RateLimitColumns, rateLimitColumns } from '../../kit/rate-limit-columns.ts';
import type { Sample } from './record.ts';
import { READY, type Ready } from './sample-reads.ts';
import { saneMoment } from './windows.ts';

type Drafted = Announced & { resetAtMs?: number };

/** What every view reads through: the samples' exchanges, their places in the columns, the draft's fields. */
interface Views {
  answerOf: (x: Exchange) => Response;
  xs: readonly Exchange[];
  cols: RateLimitColumns;
  /** Sample n's position in the columns. */
  at: Int32Array;
  /** When each answer arrived (local ms). */
  received: Float64Array;
  /** Each answer's Date as rateLimitDateMs reads it (NaN without one). */
  date: Float64Array;
  /** Each sample's saneResetAtMs (NaN where none): the readings of the sequence ask it of every answer often. */
  sane: Float64Array;
  /** The IETF draft's fields of the samples without X-RateLimit-Remaining that carry them. */
  announced: Map<number, Drafted>;
}

const orNone = (v: number): number | undefined => (Number.isNaN(v) ? undefined : v);

/**
 * One answer as a sample: every field read as sampleOf reads it, the response replayed anew on each read; the
 * moments the readings of a sequence ask of every answer (sample-reads.ts) read from numbers worked out once.
 */
class SampleView implements Ready {
  constructor(
    private readonly views: Views,
    readonly n: number,
  ) {}
  get [READY](): Ready {
    return this;
  }
  get #i(): number {
    return this.views.at[this.n]!;
  }
  get exchange(): Exchange {
    return this.views.xs[this.n]!;
  }
  get receivedAtMs(): number {
    return this.views.received[this.n]!;
  }
  /** The Date as rateLimitDateMs reads it: the run's own clock where the Date is the one that is off. */
  get dateMs(): number | undefined {
    return orNone(this.views.date[this.n]!);
  }
  get saneResetAtMs(): number | undefined {
    return orNone(this.views.sane[this.n]!);
  }
  get response(): Response {
    return this.views.answerOf(this.exchange);
  }
  get status(): number {
    return this.exchange.response!.status;
  }
  get limit(): number | undefined {
    return this.views.cols.limit(this.#i);
  }
  get remaining(): number | undefined {
    return this.views.cols.remaining(this.#i);
  }
  get reset(): number | undefined {
    return this.views.cols.reset(this.#i);
  }
  get resetAtMs(): number | undefined {
    const reset = this.reset;
    return reset === undefined ? undefined : resetAtLocalMs(reset, this.receivedAtMs, this.dateMs);
  }
  get serverNowMs(): number {
    return this.dateMs ?? this.receivedAtMs;
  }
  get announced(): Drafted | undefined {
    return this.views.announced.get(this.n);
  }
}

/**
 * The first `count` of `xs` as samples numbered from 0, each read as sampleOf reads it, through `cols` (the
 * columns of the run's exchanges, of which `xs` are some). For readings that compare fields only: a check is
 * handed real samples (sampleOf), as a view's response is a new object on each read and it carries no fields
 * of its own to spread.
 */
export function sampleViews(
  xs: readonly Exchange[],
  count: number,
  answerOf: (x: Exchange) => Response,
  cols: RateLimitColumns = rateLimitColumns(xs),
): readonly Sample[] {
  const views: Views = {
    answerOf,
    xs,
    cols,
    at: new Int32Array(count),
    received: new Float64Array(count),
    date: new Float64Array(count),
    sane: new Float64Array(count),
    announced: new Map(),
  };
  const out: Sample[] = [];
  for (let n = 0; n < count; n++) {
    const x = xs[n]!;
    const i = cols.indexOf(x);
    if (i < 0) throw new Error(`exchange ${x.seq} is not one of the run's`);
    views.at[n] = i;
    const received = startedMsOf(x) + x.durationMs;
    views.received[n] = received;
    const remaining = cols.remaining(i);
    if (remaining === undefined) {
      const r = answerOf(x);
      const draft = announcedLimits(r.headers);
      if (draft)
        views.announced.set(n, {
          ...draft,
          ...(draft.resetSeconds !== undefined
            ? { resetAtMs: r.receivedAtMs + draft.resetSeconds * 1000 }
            : {}),
        });
    }
    const server = cols.serverDateMs(i);
    const reset = cols.reset(i);
    const date =
      server !== undefined && reset !== undefined && dateIsOff(reset, received, server) ? received : server;
    views.date[n] = date ?? Number.NaN;
    const resetAtMs = reset === undefined ? undefined : resetAtLocalMs(reset, received, date);
    const sane = saneMoment(reset, remaining, views.announced.get(n)?.resetAtMs, resetAtMs, received);
    views.sane[n] = sane ?? Number.NaN;
    out.push(new SampleView(views, n) as unknown as Sample);
  }
  // Frozen: the readings of the sequence may keep what they read of it (windows.ts windowStarts).
  return Object.freeze(out);
}

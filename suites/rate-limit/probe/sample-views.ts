// A recording's answers with the key as samples for the probe's readings of the whole sequence (its windows,
// what was served past a Limit): each sample a small view over the run's rate-limit columns
// (rate-limit-columns.ts), its response replayed when read, not a sample and a replayed response apiece.

import { dateIsOff, resetAtLocalMs } from '../../../lib/formats/rate-limit-headers.ts';
import { type Announced, announcedLimits } from '../../../lib/formats/ratelimit-draft.ts';
import type { Response } from '../../../lib/http/client.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';
import { type RateLimitColumns, rateLimitColumns } from '../../kit/rate-limit-columns.ts';
import type { Sample } from './record.ts';

type Drafted = Announced & { resetAtMs?: number };

/** What every view reads through: the samples' exchanges, their places in the columns, the draft's fields. */
interface Views {
  answerOf: (x: Exchange) => Response;
  xs: readonly Exchange[];
  cols: RateLimitColumns;
  /** Sample n's position in the columns. */
  at: Int32Array;
  /** The IETF draft's fields of the samples without X-RateLimit-Remaining that carry them. */
  announced: Map<number, Drafted>;
}

/** One answer as a sample: every field read as sampleOf reads it, the response replayed anew on each read. */
class SampleView {
  constructor(
    private readonly views: Views,
    readonly n: number,
  ) {}
  get #i(): number {
    return this.views.at[this.n]!;
  }
  get #x(): Exchange {
    return this.views.xs[this.n]!;
  }
  get #receivedAtMs(): number {
    const x = this.#x;
    return startedMsOf(x) + x.durationMs;
  }
  /** The Date as rateLimitDateMs reads it: the run's own clock where the Date is the one that is off. */
  get #dateMs(): number | undefined {
    const date = this.views.cols.serverDateMs(this.#i);
    if (date === undefined) return undefined;
    const reset = this.views.cols.reset(this.#i);
    const received = this.#receivedAtMs;
    return reset !== undefined && dateIsOff(reset, received, date) ? received : date;
  }
  get response(): Response {
    return this.views.answerOf(this.#x);
  }
  get status(): number {
    return this.#x.response!.status;
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
    return reset === undefined ? undefined : resetAtLocalMs(reset, this.#receivedAtMs, this.#dateMs);
  }
  get serverNowMs(): number {
    return this.#dateMs ?? this.#receivedAtMs;
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
): Sample[] {
  const views: Views = { answerOf, xs, cols, at: new Int32Array(count), announced: new Map() };
  const out: Sample[] = [];
  for (let n = 0; n < count; n++) {
    const x = xs[n]!;
    const i = cols.indexOf(x);
    if (i < 0) throw new Error(`exchange ${x.seq} is not one of the run's`);
    views.at[n] = i;
    if (cols.remaining(i) === undefined) {
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
    out.push(new SampleView(views, n) as unknown as Sample);
  }
  return out;
}

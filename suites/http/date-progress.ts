// Whether the Date a server sends moves with time: over responses the run received seconds apart by its own
// clock, Date must advance by about as much (a value frozen at start-up is no time of generation). Reads
// the transcript as received, in a run or a recording alike; never sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { parseHttpDate } from '../../lib/formats/http-date.ts';
import { fieldLines } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf, startedMsOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { responses } from '../kit/whole-run.ts';

/** The least span of the run, by its own clock, over which Date is judged. */
export const MIN_SPAN_MS = 5000;
/**
 * How far Date may fall behind the run's clock over a span: a second of resolution on each side (Date names
 * whole seconds, floored) and a few seconds for a server that takes its Date at any moment of origination.
 */
export const LAG_TOLERANCE_MS = 2000 + 3000;

/** A response's Date with when the run sent the request and received the answer, by the run's clock. */
export interface Dated {
  x: Exchange;
  date: number;
  sent: number;
  received: number;
}

/** A Date this far or farther from the moment sent is kept whole beside it (no small integer). */
const NEAR = 2 ** 30;
const far = new WeakMap<DatedAnswer, number>();

/**
 * One dated response: the exchange and its Date as a small integer (its distance from the moment sent), the
 * moments read from the exchange when asked. A long recording's every response is one: three moments kept
 * as numbers were a boxed number each on the heap, some 100 bytes a response in all, now some 40.
 */
class DatedAnswer implements Dated {
  readonly #dateIn: number;

  constructor(
    readonly x: Exchange,
    date: number,
  ) {
    const d = date - this.sent;
    if (Number.isInteger(d) && Math.abs(d) < NEAR && this.sent + d === date) this.#dateIn = d | 0;
    else {
      this.#dateIn = NEAR;
      far.set(this, date);
    }
  }

  get date(): number {
    return this.#dateIn === NEAR ? far.get(this)! : this.sent + this.#dateIn;
  }

  get sent(): number {
    return startedMsOf(this.x);
  }

  get received(): number {
    return startedMsOf(this.x) + this.x.durationMs;
  }
}

/**
 * The responses carrying one Date the run can read, in the order given: their positions in `xs` and their
 * Dates, in typed arrays (no object per response). One with Age came from a cache, which keeps the origin's
 * Date (RFC 9111 §4.2.3): left out.
 */
export function readDates(xs: readonly Exchange[]): { at: Int32Array; date: Float64Array; length: number } {
  const at = new Int32Array(xs.length);
  const date = new Float64Array(xs.length);
  let length = 0;
  // The Date read last, and its moment: a recording's Date repeats on the answers of one second.
  let lastRaw: string | undefined;
  let lastMs: number | undefined;
  xs.forEach((x, i) => {
    const headers = rawOf(x.response!).headers;
    if (fieldLines(headers, 'age').length > 0) return;
    const lines = fieldLines(headers, 'date');
    if (lines.length !== 1) return;
    if (lines[0] !== lastRaw) {
      lastRaw = lines[0]!;
      lastMs = parseHttpDate(lastRaw);
    }
    if (lastMs === undefined) return;
    at[length] = i;
    date[length] = lastMs;
    length += 1;
  });
  return { at, date, length };
}

/**
 * The responses carrying one Date the run can read, in the order received (ties in the order given).
 * One with Age came from a cache, which keeps the origin's Date (RFC 9111 §4.2.3): left out.
 */
export function datedResponses(xs: readonly Exchange[]): Dated[] {
  const read = readDates(xs);
  const out: Dated[] = [];
  for (let k = 0; k < read.length; k++) out.push(new DatedAnswer(xs[read.at[k]!]!, read.date[k]!));
  // Sorted by when received, read once each into an array of numbers; ties keep their order.
  const received = Float64Array.from(out, (d) => d.received);
  const order = Uint32Array.from(out.keys()).sort((a, b) => received[a]! - received[b]! || a - b);
  return Array.from(order, (i) => out[i]!);
}

export interface DateProgress {
  first: Dated;
  /** The later response whose Date kept up best with the run's clock, and by how much it fell behind. */
  best: Dated;
  lagMs: number;
  spanMs: number;
}

/**
 * Date's progress from the first dated response to each one the run sent at least MIN_SPAN_MS after it was
 * received: the one that kept up best (the newest Date, so a stored response cannot make a false alarm).
 * Undefined when no response came that late.
 */
export function dateProgress(dated: readonly Dated[]): DateProgress | undefined {
  const first = dated[0];
  if (!first) return undefined;
  let out: DateProgress | undefined;
  for (const d of dated) {
    const spanMs = d.sent - first.received;
    if (spanMs < MIN_SPAN_MS) continue;
    const lagMs = spanMs - (d.date - first.date);
    if (!out || lagMs < out.lagMs) out = { first, best: d, lagMs, spanMs };
  }
  return out;
}

/**
 * dateProgress(datedResponses(xs)), read from readDates without a dated response or a sorted list of every
 * one: the first received (ties: the first given), then the one that kept up best (ties: the first received).
 * Also how many responses were dated.
 */
export function progressOfDates(xs: readonly Exchange[]): { progress?: DateProgress; dated: number } {
  const { at, date, length } = readDates(xs);
  const receivedOf = (k: number) => {
    const x = xs[at[k]!]!;
    return startedMsOf(x) + x.durationMs;
  };
  // Before in the order received: earlier, or at once and earlier given.
  const before = (k: number, kr: number, j: number, jr: number) => kr < jr || (kr === jr && k < j);
  let first = -1;
  let firstAt = 0;
  for (let k = 0; k < length; k++) {
    const r = receivedOf(k);
    if (first < 0 || before(k, r, first, firstAt)) {
      first = k;
      firstAt = r;
    }
  }
  if (first < 0) return { dated: 0 };
  let best = -1;
  let bestAt = 0;
  let bestLag = 0;
  let bestSpan = 0;
  for (let k = 0; k < length; k++) {
    const spanMs = startedMsOf(xs[at[k]!]!) - firstAt;
    if (spanMs < MIN_SPAN_MS) continue;
    const lagMs = spanMs - (date[k]! - date[first]!);
    const r = receivedOf(k);
    if (best < 0 || lagMs < bestLag || (lagMs === bestLag && before(k, r, best, bestAt))) {
      best = k;
      bestAt = r;
      bestLag = lagMs;
      bestSpan = spanMs;
    }
  }
  if (best < 0) return { dated: length };
  const dated = (k: number): Dated => new DatedAnswer(xs[at[k]!]!, date[k]!);
  return {
    progress: { first: dated(first), best: dated(best), lagMs: bestLag, spanMs: bestSpan },
    dated: length,
  };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** The server's clock against the run's, by the first dated response (recorded, not judged). */
function offsetNote(d: Dated): string | undefined {
  const ahead = d.date - d.received;
  const behind = d.sent - 1000 - d.date;
  if (ahead > LAG_TOLERANCE_MS)
    return `the server's Date runs about ${seconds(ahead)} ahead of this run's clock`;
  if (behind > LAG_TOLERANCE_MS)
    return `the server's Date runs about ${seconds(behind)} behind this run's clock`;
  return undefined;
}

export const dateProgressCheck: CheckDefinition<Ctx> = check({
  id: 'HTTP-DATE-ADVANCES',
  level: 'SHOULD',
  rules: ['1.json'],
  requirement:
    'The Date of each response is the time it was generated: over responses received seconds apart, Date advances by about as much (a second of resolution on each side and a few seconds of slack).',
  rationale:
    'Date represents the moment the message was originated (RFC 9110 §6.6.1), so a value computed once (a Date cached at start-up) names no time of generation. SHOULD, as RFC 9110 §6.6.1 words the approximation; an origin server without a clock must not send Date at all. Progress is judged, not offset: a clock set apart from ours is recorded in a note. A response with Age came from a cache, which keeps the origin Date: left out; the later response that kept up best is judged, so one stored response cannot make a finding. Spans under 5 s are not judged.',
  basis: [RFC.dateMeaning, RFC.dateApproximation],
  title: 'Compares the Date of responses received at least 5 s apart with the time between them',
  needs: { requests: 0 },
  recorded: { shows: 'answers carrying Date, received at least 5 s apart' },
  async judge(ctx: Ctx) {
    // As dateProgress(datedResponses(…)) reads them, with no dated response made for every one.
    const { progress: p, dated } = progressOfDates(responses(ctx));
    if (!p)
      ctx.skip(
        dated === 0
          ? 'no response carried a Date this check can read (see HTTP-REQUIRED-FIELDS, HTTP-FIELD-SYNTAX)'
          : `the responses carrying Date span less than ${seconds(MIN_SPAN_MS)} of the run, too short to show a clock that stands still (a run with the rate-limit probe, without ${flagRef('skipRateLimitProbe')}, spans longer)`,
        OUTCOME,
      );
    const offset = offsetNote(p.first);
    if (offset) ctx.note(offset);
    const moved = p.best.date - p.first.date;
    if (p.lagMs > LAG_TOLERANCE_MS) {
      ctx.problem(
        `Date fell ${seconds(p.lagMs)} behind the run's clock: #${p.best.x.seq} was sent ${seconds(p.spanMs)} after #${p.first.x.seq} was received, yet its Date is ${moved === 0 ? 'the same' : `${seconds(moved)} later`} (no later response did better)`,
        {
          exchange: p.best.x,
          expected: `a Date at least ${seconds(p.spanMs - LAG_TOLERANCE_MS)} after ${rawDate(p.first.x)}`,
          actual: rawDate(p.best.x),
        },
      );
      ctx.evidence(p.first.x);
    }
    ctx.observe(
      `Date advanced ${seconds(moved)} over ${seconds(p.spanMs)} of the run (#${p.first.x.seq} to #${p.best.x.seq}; ${dated} dated responses)`,
      dated,
      [p.first.x, p.best.x],
    );
  },
});

const rawDate = (x: Exchange): string => fieldLines(rawOf(x.response!).headers, 'date')[0] ?? '';

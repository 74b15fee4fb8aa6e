// What a judge reads besides the transcript, in a live run (traffic-live.ts) and over a recording (a HAR
// file, what the proxy forwarded) alike: what each request offered as a credential, which operation it asked
// for, the first list read whole; and how a judge says it saw nothing to judge. Nothing here sends.
import type { SkipCause } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import { replayed } from '../../lib/http/recorded.ts';
import { type Exchange, rawOf, type Transcript } from '../../lib/http/transcript.ts';
import { memoKey, type RunMemo } from '../../lib/run/memo.ts';
import type { Offered } from './offered.ts';
import type { ListReading } from './order-list.ts';
import type { Route } from './routes.ts';

/** Why a check judged nothing: the recording holds none of the traffic that would show it. */
export const NOT_OBSERVED: SkipCause = { kind: 'traffic' };

/** Thrown by what a recording stands in for (the first list, the pets read) when it holds none. */
export class NotObserved extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotObserved';
  }
}

/** What a judge reads of one recorded exchange besides the exchange itself. */
export interface ExchangeFacts {
  offered: Offered;
  /** The operation it asked for, or undefined (another path or method below the base URL). */
  route: Route | undefined;
}

/** What each exchange offered and asked for, by its number. */
export interface FactsBySeq {
  get(seq: number): ExchangeFacts | undefined;
}

/**
 * Facts held in an array by exchange number: a recording numbers its exchanges 1, 2, 3..., and a Map's table
 * costs some 45 bytes an entry where an array's slot costs 8.
 */
export class RecordedFacts implements FactsBySeq {
  readonly #bySeq: Array<ExchangeFacts | undefined> = [];

  set(seq: number, facts: ExchangeFacts): void {
    this.#bySeq[seq] = facts;
  }

  get(seq: number): ExchangeFacts | undefined {
    return this.#bySeq[seq];
  }
}

/** A recording, as the judges read it. */
export interface Traffic {
  /** Per exchange (by seq): what it offered and asked for. */
  facts: FactsBySeq;
  /** Whether the keys are known (given, or this suite's own recording), or inferred from the answers. */
  keys: 'known' | 'inferred' | 'none';
  /** Whether the recording says how each response ended on the connection (this suite's recorders do). */
  framing: boolean;
  /** Whether it says which credential bucket each request was sent with (this suite's own transcripts). */
  ownBuckets: boolean;
  /** The first list read with the key (GET /store/orders, plain), read whole as the list checks read it. */
  firstList?: { exchange: Exchange; reading?: ListReading; cut?: string };
  /** Set in a live run: the run's own exchanges, growing as it sends. */
  live?: true;
  /** Whole bodies that are not UTF-8 (the transcript keeps text): replayed as they were received. */
  binary: ReadonlyMap<number, Buffer>;
}

export const TRAFFIC = memoKey<Traffic>('traffic/recording');

/** The traffic the judges read: the recording of a passive run, or the live run's own (traffic-live.ts). */
export function trafficOf(ctx: { memo: RunMemo }): Traffic {
  const t = ctx.memo.peek(TRAFFIC);
  if (!t) throw new Error('no traffic: the judges ran outside a bound run');
  return t;
}

/** One recorded exchange that got a response, with what it offered and asked for. */
export type RecordedRow = { x: Exchange } & ExchangeFacts;

/**
 * Every recorded exchange that got a response, with what it offered and asked for, in the order sent: a view
 * of the transcript as long as it was when asked for (a live run's grows as it sends). Each row is made as it
 * is read, not kept: a recording's million rows held for the run were some 56 bytes an exchange.
 */
export function recorded(ctx: { memo: RunMemo; transcript: Transcript }): RecordedRows {
  const all = ctx.transcript.all();
  return new RecordedRows(all, all.length, trafficOf(ctx).facts);
}

/** The rows of recorded(), read as an array's are (filter, find, some, flatMap, for...of). */
export class RecordedRows implements Iterable<RecordedRow> {
  constructor(
    private readonly all: readonly Exchange[],
    private readonly end: number,
    private readonly facts: FactsBySeq,
  ) {}

  /** Calls `each` with every row in order until it returns true; the row it stopped at. */
  #until(each: (r: RecordedRow) => boolean): RecordedRow | undefined {
    for (let i = 0; i < this.end; i++) {
      const x = this.all[i]!;
      if (x.response === undefined) continue;
      const f = this.facts.get(x.seq)!;
      // Named fields, not a spread: a spread gives each row a second property array.
      const row: RecordedRow = { x, offered: f.offered, route: f.route };
      if (each(row)) return row;
    }
    return undefined;
  }

  *[Symbol.iterator](): Iterator<RecordedRow> {
    for (let i = 0; i < this.end; i++) {
      const x = this.all[i]!;
      if (x.response === undefined) continue;
      const f = this.facts.get(x.seq)!;
      yield { x, offered: f.offered, route: f.route };
    }
  }

  filter(keep: (r: RecordedRow) => boolean): RecordedRow[] {
    const out: RecordedRow[] = [];
    this.#until((r) => {
      if (keep(r)) out.push(r);
      return false;
    });
    return out;
  }

  find(match: (r: RecordedRow) => boolean): RecordedRow | undefined {
    return this.#until(match);
  }

  some(match: (r: RecordedRow) => boolean): boolean {
    return this.#until(match) !== undefined;
  }

  flatMap<T>(f: (r: RecordedRow) => T | readonly T[]): T[] {
    const out: T[] = [];
    this.#until((r) => {
      const v = f(r);
      if (Array.isArray(v)) for (const one of v as readonly T[]) out.push(one);
      else out.push(v as T);
      return false;
    });
    return out;
  }
}

/**
 * A recorded response as the client would have handed it to a check, when the recording holds its whole body;
 * undefined otherwise (the recorder cut or left out the body).
 */
export function replay(ctx: { memo: RunMemo }, x: Exchange): Response | undefined {
  const r = x.response;
  if (!r || r.bodyTruncated) return undefined;
  const raw = rawOf(r);
  const binary = trafficOf(ctx).binary.get(x.seq);
  // The body is made when a judge reads it: most read a replayed response's status and headers only (the
  // text is handed over as kept, not in a closure: a million replays made as many closures).
  // The headers too: read when a judge asks for them (rawOf(r).headers), not made for each replay.
  return replayed(x, undefined, binary ?? raw.body);
}

/** The statuses that say nothing of what a request asked: no answer, a rate-limit refusal. */
export const SAYS_NOTHING = (status: number): boolean => status === 429;

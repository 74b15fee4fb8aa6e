// Every list body the run receives (a 2xx to GET /store/orders, whatever the query or credential), read whole
// as it arrives and reduced to its findings; a body whose bytes equal an earlier one's shares that reading.
// Keeps no body, and no items beyond handing a fresh reading to the run's one reading of the list. Never sends.
import { createHash } from 'node:crypto';
import type { BodyObserver, Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { memoKey } from '../../lib/run/memo.ts';
import { findingsOf, type ListFindings } from './list-findings.ts';
import { type ListReading, type OrderList, readList, readOrderList } from './order-list.ts';
import { ORDERS } from './paths.ts';

/** The list operation, whatever the query: GET /store/orders. */
export const isListRequest = (method: string, path: string): boolean =>
  method === 'GET' && path.split('?')[0] === ORDERS;

export interface ListBody {
  exchange: Exchange;
  findings: ListFindings;
  /** The earlier list response whose bytes this one's equal, and whose reading it shares. */
  sameAs?: Exchange;
}

/** Largest list body kept to be compared with the next one's bytes (a copy of it is kept). */
const LAST_BODY_BYTES = 64 * 1024;

/** Where the run keeps its ListBodies (one per run, registered with the HTTP client by the bind). */
export const LIST_BODIES = memoKey<ListBodies>('shared/list-bodies');

export class ListBodies {
  /** The responses whose list body was received whole, in the order received. */
  readonly #received: Exchange[] = [];
  /** List responses whose body did not arrive whole (HTTP-FRAMING's finding, or a limit of the harness). */
  readonly unread: Exchange[] = [];
  readonly #byDigest = new Map<string, ListBody>();
  /**
   * By exchange number, in an array (a Map's table costs some 45 bytes an entry where a slot costs 8): the
   * reading of the first body with the same bytes (a recording repeats its lists: no object for each). Two
   * responses carried the same bytes exactly when they name the same first reading (one per digest), so no
   * digest is kept per response.
   */
  readonly #bySeq: Array<ListBody | undefined> = [];
  /** How many responses carried each first reading's bytes (what count() sums, per distinct body). */
  readonly #times = new Map<ListBody, number>();
  /** The last list body read whole, and the first reading of its bytes. */
  #last: { body: Buffer; first: ListBody } | undefined;
  /** The full reading of the body just observed, until the run's reading of the list takes it. */
  #fresh: { seq: number; reading: ListReading } | undefined;

  readonly observe: BodyObserver = (exchange, body, sent) => {
    // Held only until the sender of that response reads it: nothing is sent in between.
    this.#fresh = undefined;
    const status = exchange.response?.status ?? 0;
    if (!isListRequest(sent.method, sent.path) || status < 200 || status > 299) return;
    if (body === undefined) {
      this.unread.push(exchange);
      return;
    }
    // The same bytes as the list before (a recording repeats its lists while the store does not change):
    // that one's first reading, without a digest.
    const last = this.#last;
    if (last?.body.equals(body)) {
      this.#add(exchange, last.first);
      return;
    }
    const digest = createHash('sha256').update(body).digest('base64');
    const earlier = this.#byDigest.get(digest);
    if (earlier) {
      this.#add(exchange, earlier);
      this.#keepLast(body, earlier);
      return;
    }
    const reading = readList(body);
    const entry: ListBody = { exchange, findings: findingsOf(reading) };
    this.#byDigest.set(digest, entry);
    this.#add(exchange, entry);
    this.#keepLast(body, entry);
    this.#fresh = { seq: exchange.seq, reading };
  };

  /** The last list body read (a copy: the caller's bytes may be reused), when small; a large one is not kept. */
  #keepLast(body: Buffer, first: ListBody): void {
    this.#last = body.length <= LAST_BODY_BYTES ? { body: Buffer.from(body), first } : undefined;
  }

  #add(exchange: Exchange, first: ListBody): void {
    this.#received.push(exchange);
    this.#bySeq[exchange.seq] = first;
    this.#times.set(first, (this.#times.get(first) ?? 0) + 1);
  }

  /** The body a response carried, when received whole: a repeat names the first with its bytes. */
  #bodyOf(x: Exchange): ListBody | undefined {
    const first = this.#bySeq[x.seq];
    if (first === undefined || first.exchange.seq === x.seq) return first;
    return { exchange: x, findings: first.findings, sameAs: first.exchange };
  }

  /** Every list body received whole, in the order received (made when asked for: read it once). */
  get bodies(): ListBody[] {
    return this.#received.map((x) => this.#bodyOf(x)!);
  }

  /**
   * How many list bodies received whole have findings that `pick` picks, without making the list: `pick` asked
   * once per distinct body, each counted as often as it was received.
   */
  count(pick: (f: ListFindings) => boolean): number {
    let n = 0;
    for (const [first, times] of this.#times) if (pick(first.findings)) n += times;
    return n;
  }

  /** The run's reading of a list response: the one made as it arrived, when there is one; else made now. */
  readingOf(response: Response): OrderList {
    const fresh = this.#fresh;
    this.#fresh = undefined;
    if (fresh?.seq !== response.exchange.seq) return readOrderList(response);
    const { exchange, status, headers, bytes, receivedAtMs } = response;
    return { response: { exchange, status, headers, bytes, receivedAtMs }, ...fresh.reading };
  }

  /**
   * The full reading of the body just observed, without taking it: for another observer of the same body
   * (the store model's lists, store-lists.ts), so the body is still parsed once.
   */
  peekReading(seq: number): ListReading | undefined {
    return this.#fresh?.seq === seq ? this.#fresh.reading : undefined;
  }

  /** The first response received whole with the bytes of `x`'s list body (x itself for the first). */
  firstOf(x: Exchange): ListBody | undefined {
    return this.#bySeq[x.seq];
  }

  /** The earlier list response whose bytes a response's equal, when it had one. */
  sameAs(x: Exchange): Exchange | undefined {
    return this.#bodyOf(x)?.sameAs;
  }

  /** The findings of the list body a response carried, when it was a list body received whole. */
  findingsOf(x: Exchange): ListFindings | undefined {
    return this.#bySeq[x.seq]?.findings;
  }

  /** Whether a list response's body was received whole and is known here by its bytes. */
  knows(x: Exchange): boolean {
    return this.#bySeq[x.seq] !== undefined;
  }

  /** Whether two list responses carried the very same bytes (both received whole). */
  sameBytes(a: Exchange, b: Exchange): boolean {
    const first = this.#bySeq[a.seq];
    return first !== undefined && first === this.#bySeq[b.seq];
  }
}

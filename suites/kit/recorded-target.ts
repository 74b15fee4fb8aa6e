// The target facts of a passive run: what the checks would have sent once and shared (the order list, the
// pets read, an operation without credentials) taken from the recording instead, and nothing sent, ever: a
// fact the recording does not hold ends the check as not observed (NotObserved), with the traffic that would.
import type { Random } from '../../lib/check/random.ts';
import type { RunConfig } from '../../lib/config/run-config.ts';
import type { HttpClient, Response } from '../../lib/http/client.ts';
import { startedMsOf, type Transcript } from '../../lib/http/transcript.ts';
import type { RunMemo } from '../../lib/run/memo.ts';
import { carriesKey } from './offered.ts';
import type { OrderList } from './order-list.ts';
import { type Operation, TargetFacts } from './target-facts.ts';
import { type ExchangeFacts, NotObserved, replay, SAYS_NOTHING, trafficOf } from './traffic.ts';

/** The facts that only a sending run has: a recording shows them only through the checks' own judges. */
const SENT_ONLY = 'it is what this suite sends itself (a cancel of a fixture or of an id proven absent)';

export class RecordedTarget extends TargetFacts {
  constructor(
    http: HttpClient,
    config: RunConfig,
    random: Random,
    private readonly memory: RunMemo,
    private readonly transcript: Transcript,
  ) {
    super(http, config, random, memory);
  }

  /** The first list read with the key, as the recording holds it. */
  override list(): Promise<OrderList> {
    const first = trafficOf({ memo: this.memory }).firstList;
    if (!first)
      return Promise.reject(
        new NotObserved(
          'the recording holds no GET /store/orders sent with the key and answered (a client that lists the orders would show it)',
        ),
      );
    if (!first.reading) return Promise.reject(new NotObserved(first.cut ?? 'the list body was not recorded'));
    const { exchange } = first;
    const r = exchange.response!;
    const receivedAtMs = startedMsOf(exchange) + exchange.durationMs;
    const headers = replay({ memo: this.memory }, exchange)?.headers ?? r.headers;
    return Promise.resolve({
      response: { exchange, status: r.status, headers, bytes: r.bodyBytes, receivedAtMs },
      ...first.reading,
    });
  }

  /** GET /pets/{petId} with the key: the first the recording holds, answered and whole. */
  override pet(): Promise<Response> {
    const found = this.first(
      (f) => f.route?.op === 'pets' && !f.route.spelled && carriesKey(f.offered) === 'primary',
    );
    return found
      ? Promise.resolve(found)
      : Promise.reject(
          new NotObserved('the recording holds no GET /pets/{petId} sent with the key and answered whole'),
        );
  }

  /** The operation sent with no credential at all, as the recording first holds it (never sent). */
  override unauthenticated(op: Operation): Promise<Response | undefined> {
    return Promise.resolve(
      this.first(
        (f) =>
          f.route?.op === op &&
          !f.route.spelled &&
          f.offered.form.kind === 'none' &&
          f.offered.query.length + f.offered.headers.length + f.offered.cookies.length === 0,
      ),
    );
  }

  override firstCancel(): undefined {
    return undefined;
  }

  override repeatCancel(): undefined {
    return undefined;
  }

  override cancelShipped(): Promise<Response> {
    return Promise.reject(new NotObserved(`not read from a recording: ${SENT_ONLY}`));
  }

  override cancelAbsent(): Promise<Response | undefined> {
    return Promise.reject(new NotObserved(`not read from a recording: ${SENT_ONLY}`));
  }

  /** The first recorded response whose facts `pick` takes, answered (not 429) and with its whole body. */
  private first(pick: (f: ExchangeFacts) => boolean): Response | undefined {
    const { facts } = trafficOf({ memo: this.memory });
    for (const x of this.transcript.all()) {
      const f = facts.get(x.seq);
      if (!f || !pick(f) || !x.response || SAYS_NOTHING(x.response.status)) continue;
      const res = replay({ memo: this.memory }, x);
      if (res) return res;
    }
    return undefined;
  }
}

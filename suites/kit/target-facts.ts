// What the run knows about the target, learnt once and shared by the checks: the order list, an id proven
// absent from it, the fixtures the user handed over, and a few requests several checks read, each kept in the
// run's memo. It sends only what a check asks for, and never cancels an order not given in
// --cancellable-order-ids.

import type { Random } from '../../lib/check/random.ts';
import { causeOfError, input, OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import type { RunConfig } from '../../lib/config/run-config.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { HttpClient, Response } from '../../lib/http/client.ts';
import { memoKey, type RunMemo } from '../../lib/run/memo.ts';
import { pageSized, pagingSigns, TRUST_HINT, unprovenWhole } from './absence.ts';
import { AbsenceGuard, absentRange } from './absence-guard.ts';
import { type DeleteGate, deleteGate } from './delete-gate.ts';
import { atInt64Edge, edgesLast } from './isolation-pair.ts';
import { LIST_BODIES, ListBodies } from './list-bodies.ts';
import type { OrderList } from './order-list.ts';
import { ORDERS, orderPath, petPath } from './paths.ts';

export type Operation = 'list' | 'cancel' | 'pets';

/**
 * Whether a cancel's status says the order was cancelled: 204 as the spec has it, or another 2xx (200 with
 * the order...); not 202 Accepted, whose processing "has not been completed" (RFC 9110 §15.3.3).
 */
export const cancelledBy = (status: number): boolean => status >= 200 && status <= 299 && status !== 202;

type FirstCancel = { id: string; response: Response };
type RepeatCancel = { id: string; first: Response; again?: Response };

/** What the facts keep in the run's memo: each sent or worked out once per run. */
const LIST = memoKey<Promise<OrderList>>('target/list');
const REFUSAL = memoKey<Promise<Skip | undefined>>('target/absence-refusal');
const ABSENT_ID = memoKey<Promise<string | undefined>>('target/absent-id');
const ABSENT_CANCEL = memoKey<Promise<Response | undefined>>('target/absent-cancel');
const FIRST_CANCEL = memoKey<Promise<FirstCancel>>('target/first-cancel');
const REPEAT_CANCEL = memoKey<Promise<RepeatCancel>>('target/repeat-cancel');
const PET = memoKey<Promise<Response>>('target/pet');
const shippedCancel = (id: string) => memoKey<Promise<Response>>(`target/shipped-cancel/${id}`);
const unauthenticated = (op: Operation) =>
  memoKey<Promise<Response | undefined>>(`target/unauthenticated/${op}`);

/**
 * The pending fixture held back for the late checks (TargetFacts.holdBack), of those given: the last that no
 * other rounds to as a JS number (the isolation check wants such twins) and that sits at no int64 edge (the
 * saturating spellings want those); undefined for fewer than two.
 */
export function heldFixtureOf(ids: readonly string[]): string | undefined {
  if (ids.length < 2) return undefined;
  const twin = (id: string) => ids.some((o) => o !== id && Number(o) === Number(id));
  return [...ids].reverse().find((i) => !twin(i) && !atInt64Edge(i)) ?? ids.at(-1);
}

export class TargetFacts {
  private readonly cancellable: string[];
  /** The guard over the run's one list, built once (a list may hold a million ids). */
  private guarded: { list: OrderList; guard: AbsenceGuard } | undefined;
  #held: string | undefined;

  constructor(
    private readonly http: HttpClient,
    private readonly config: RunConfig,
    private readonly random: Random,
    private readonly memo: RunMemo,
  ) {
    // Handed out in the order given, those at an int64 edge last: the saturating spellings want them.
    this.cancellable = edgesLast(config.cancellableOrderIds);
  }

  /** GET /store/orders with the key, once per run (before any cancel). */
  list(): Promise<OrderList> {
    // The reading made as the body arrived (list-bodies.ts), so a large list is parsed once.
    const lists = this.memo.once(LIST_BODIES, () => new ListBodies());
    return this.memo.once(LIST, () =>
      this.http.send({ method: 'GET', path: ORDERS }).then((r) => lists.readingOf(r)),
    );
  }

  /**
   * Why no id may be sent as absent, or undefined when one may: the list cannot be read as an array (nor as
   * an object holding one, whose items then stand for the list), or (unless it is trusted) it shows signs
   * of paging (a status other than 200 among them), or it spans so much that no id is far from it.
   */
  absenceRefusal(): Promise<Skip | undefined> {
    // Once a DELETE of an id not given was answered 2xx, no id is absent however the list reads.
    const closed = this.deleteGate.refusal();
    if (closed) return Promise.resolve(closed);
    return this.listRefusal();
  }

  /**
   * Why the list proves no id absent, whatever was sent since: what a judge of cancels already sent reads (the
   * delete gate stops sending, it does not unprove what the list proved).
   */
  listRefusal(): Promise<Skip | undefined> {
    return this.memo.once(REFUSAL, () => this.refusal());
  }

  /** The run's stop on DELETEs of ids not given (delete-gate.ts). */
  get deleteGate(): DeleteGate {
    return deleteGate(this.memo, this.config);
  }

  private refusal(): Promise<Skip | undefined> {
    return this.list().then(
      (list) => {
        if (list.count === undefined && !list.wrapped)
          return skipOf(
            'no id can be proven absent: the order list could not be read as a JSON array, nor as an object holding one (see LIST-BODY-ARRAY)',
            OUTCOME,
          );
        if (this.config.trustOrderList) return undefined;
        // Trusting the list would lift either refusal: the setting is the way on.
        const signs = pagingSigns(list);
        // A page-sized count alone is lifted by the run's evidence that the list is whole (absence.ts).
        const unproven =
          signs.length === 1 && pageSized(list)
            ? unprovenWhole(list, this.memo.peek(LIST_BODIES), [
                ...this.config.cancellableOrderIds,
                ...this.config.shippedOrderIds,
              ])
            : '';
        if (signs.length > 0 && unproven !== undefined)
          return skipOf(
            `no id is sent as absent: the order list may be a page, not the whole store (${signs.join('; ')}${unproven ? `, and ${unproven}` : ''}), so an id it does not show may be a real order; ${TRUST_HINT}`,
            input('trustOrderList'),
          );
        if (!absentRange(this.guard(list)))
          return skipOf(
            `no id is sent as absent: every int64 lies near a known id (each cluster of known ids guarded by its own width, at least 2^32); ${TRUST_HINT}`,
            input('trustOrderList'),
          );
        return undefined;
      },
      (e: unknown) =>
        skipOf(
          `no id can be proven absent: the order list could not be read (${errorMessage(e)})`,
          causeOfError(e),
        ),
    );
  }

  /** Why no id proven absent can be sent: the refusal, or that none could be drawn. */
  async absenceSkip(): Promise<Skip> {
    return (await this.absenceRefusal()) ?? skipOf('no id can be proven absent', OUTCOME);
  }

  /**
   * Where a hidden order could be, unless the list is trusted (absence.ts): around the list's ids read
   * generously and the fixtures. Built once per list.
   */
  guard(list: OrderList): AbsenceGuard | undefined {
    if (this.config.trustOrderList) return undefined;
    if (this.guarded?.list !== list) {
      const { ids } = list;
      const guard = new AbsenceGuard(
        [...ids.beyondSafe().map(String), ...this.config.cancellableOrderIds, ...this.config.shippedOrderIds],
        ids.sortedSafe(),
      );
      this.guarded = { list, guard };
    }
    return this.guarded.guard;
  }

  /**
   * An int64 id no order can have, or undefined when none may be sent (absenceRefusal says why): not in the
   * list, and unless the list is trusted, far outside the span of every known id. Drawn from the run's seed.
   */
  absentId(): Promise<string | undefined> {
    return this.memo.once(ABSENT_ID, () => this.drawAbsentId());
  }

  private drawAbsentId(): Promise<string | undefined> {
    return this.absenceRefusal().then(async (refusal) => {
      if (refusal !== undefined) return undefined;
      const list = await this.list();
      const guard = this.guard(list);
      const range = absentRange(guard);
      if (!range) return undefined;
      for (let i = 0; i < 100; i++) {
        const n = this.random.bigint(range.min, range.max);
        if (!list.ids.hasGenerously(n) && !guard?.special(n)) return n.toString();
      }
      return undefined;
    });
  }

  get shippedIds(): readonly string[] {
    return this.config.shippedOrderIds;
  }

  get cancellableLeft(): number {
    return this.cancellable.length;
  }

  /**
   * Holds one pending fixture back from the start, for the checks that run after the rate-limit probe (the
   * state area: the probe's over-limit cancel, then the concurrent cancels), which would otherwise find every
   * fixture spent. Only when at least two are given, so the early checks keep one; the last given that no
   * other rounds to as a JS number (the isolation check wants such twins).
   */
  holdBack(): void {
    if (this.#held !== undefined || this.cancellable.length < 2) return;
    const id = heldFixtureOf(this.cancellable)!;
    this.cancellable.splice(this.cancellable.indexOf(id), 1);
    this.#held = id;
  }

  /**
   * Holds a spare pending fixture in place of the held one, which a request served (the rate-limit probe's
   * cancel past Remaining 0, when a refilling limiter took it within its limit); undefined when none is left.
   */
  holdSpare(): string | undefined {
    if (this.#held === undefined || this.cancellable.length === 0) return undefined;
    const id = heldFixtureOf(this.cancellable) ?? this.cancellable[0]!;
    this.cancellable.splice(this.cancellable.indexOf(id), 1);
    this.#held = id;
    return id;
  }

  /** The fixture held back for the late checks (holdBack), if one is. */
  get heldFixture(): string | undefined {
    return this.#held;
  }

  /** The fixture the run's first cancel will take, while it has not been sent (never takes it). */
  get upcomingFirstCancel(): string | undefined {
    return this.memo.peek(FIRST_CANCEL) ? undefined : this.cancellable[0];
  }

  /** Hands out a fixture the run may cancel; each is handed out once. */
  takeCancellable(): string | undefined {
    return this.cancellable.shift();
  }

  /** The fixtures not yet handed out, in the order given. */
  get cancellableIds(): readonly string[] {
    return [...this.cancellable];
  }

  /** Hands out one named fixture if it has not been handed out yet. */
  takeCancellableId(id: string): boolean {
    const i = this.cancellable.indexOf(id);
    if (i < 0) return false;
    this.cancellable.splice(i, 1);
    return true;
  }

  /** The run's first cancellation of a pending fixture, shared by the checks that read it. */
  firstCancel(): Promise<FirstCancel> | undefined {
    const sent = this.memo.peek(FIRST_CANCEL);
    if (sent) return sent;
    // No fixture left is no answer: a later check asks again (and finds none again).
    const id = this.takeCancellable();
    if (id === undefined) return undefined;
    return this.memo.once(FIRST_CANCEL, () =>
      this.http.send({ method: 'DELETE', path: orderPath(id) }).then((response) => ({ id, response })),
    );
  }

  /**
   * The first cancellation sent again, once per run, only when the first one said the order was cancelled
   * (cancelledBy: whatever the 2xx, it is no longer pending); `again` is absent when it was not sent. Only the
   * fixture the user allowed to be cancelled is ever sent.
   */
  repeatCancel(): Promise<RepeatCancel> | undefined {
    const first = this.firstCancel();
    if (!first) return undefined;
    return this.memo.once(REPEAT_CANCEL, () =>
      first.then(async ({ id, response }) =>
        cancelledBy(response.status)
          ? { id, first: response, again: await this.http.send({ method: 'DELETE', path: orderPath(id) }) }
          : { id, first: response },
      ),
    );
  }

  /** The first cancel, if a check had it sent already (never sends it). */
  firstCancelSent(): Promise<FirstCancel> | undefined {
    return this.memo.peek(FIRST_CANCEL);
  }

  /** The repeat of the first cancel, if a check had it sent already (never sends it). */
  repeatSent(): Promise<RepeatCancel> | undefined {
    return this.memo.peek(REPEAT_CANCEL);
  }

  /** DELETE of a shipped fixture with the key, once per id (shipping cannot be reversed, spec §3). */
  cancelShipped(id: string): Promise<Response> {
    return this.memo.once(shippedCancel(id), () => this.http.send({ method: 'DELETE', path: orderPath(id) }));
  }

  /** DELETE of an id proven absent, with the key, once per run; undefined when none can be proven. */
  cancelAbsent(): Promise<Response | undefined> {
    return this.memo.once(ABSENT_CANCEL, () =>
      this.absentId().then((id) =>
        id === undefined ? undefined : this.http.send({ method: 'DELETE', path: orderPath(id) }),
      ),
    );
  }

  /** The operation sent with no Authorization header at all, once per run; undefined if it cannot be sent safely. */
  unauthenticated(op: Operation): Promise<Response | undefined> {
    return this.memo.once(unauthenticated(op), () =>
      this.pathFor(op).then((path) =>
        path === undefined
          ? undefined
          : this.http.send({ method: op === 'cancel' ? 'DELETE' : 'GET', path, auth: { kind: 'none' } }),
      ),
    );
  }

  /**
   * The path used to exercise an operation: the list; a cancel of an id proven absent, so even a server
   * that skips auth cancels nothing (undefined when no id can be proven absent); a pet named in the list,
   * else pet 1.
   */
  async pathFor(op: Operation): Promise<string | undefined> {
    if (op === 'list') return ORDERS;
    if (op === 'cancel') {
      const absent = await this.absentId();
      return absent === undefined ? undefined : orderPath(absent);
    }
    return petPath(await this.petId());
  }

  /** GET /pets/{petId} with the key, once per run (the deprecated read, spec §9 rule 3). */
  pet(): Promise<Response> {
    return this.memo.once(PET, () =>
      this.petId().then((id) => this.http.send({ method: 'GET', path: petPath(id) })),
    );
  }

  async petId(): Promise<string> {
    return (await this.list()).firstPetId ?? '1';
  }
}

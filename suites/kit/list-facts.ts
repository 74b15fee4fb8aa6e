// What the order list proves, as TargetFacts knows it: the list read once per run, whether any id may be sent as
// absent (not when the list may be a page or a DELETE of an id not given was answered 2xx), and such an id drawn
// from the run's seed. Sends only the one list.
import type { Random } from '../../lib/check/random.ts';
import { causeOfError, input, OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import type { RunConfig } from '../../lib/config/run-config.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { HttpClient } from '../../lib/http/client.ts';
import { memoKey, type RunMemo } from '../../lib/run/memo.ts';
import { pageSized, pagingSigns, TRUST_HINT, unprovenWhole } from './absence.ts';
import { AbsenceGuard, absentRange } from './absence-guard.ts';
import { type DeleteGate, deleteGate } from './delete-gate.ts';
import { FixtureFacts } from './fixture-facts.ts';
import { int32Reading } from './id-readings.ts';
import { LIST_BODIES, ListBodies } from './list-bodies.ts';
import type { OrderList } from './order-list.ts';
import { ORDERS } from './paths.ts';

/** What the list facts keep in the run's memo: each sent or worked out once per run. */
export const LIST = memoKey<Promise<OrderList>>('target/list');
const REFUSAL = memoKey<Promise<Skip | undefined>>('target/absence-refusal');
const ABSENT_ID = memoKey<Promise<string | undefined>>('target/absent-id');

/** The fixtures and what the list proves; TargetFacts adds the requests several checks share. */
export class ListFacts extends FixtureFacts {
  /** The guard over the run's one list, built once (a list may hold a million ids). */
  private guarded: { list: OrderList; guard: AbsenceGuard } | undefined;

  constructor(
    protected readonly http: HttpClient,
    config: RunConfig,
    protected readonly random: Random,
    protected readonly memo: RunMemo,
  ) {
    super(config);
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
        // Nor one whose low 32 bits are a listed id: a 32-bit reader would act on that order.
        const low = int32Reading(n.toString());
        if (
          !list.ids.hasGenerously(n) &&
          !guard?.special(n) &&
          (low === undefined || !list.ids.hasGenerously(low))
        )
          return n.toString();
      }
      return undefined;
    });
  }
}

// The orders held by one running server and their state transitions (spec §3).
// Must not know about HTTP or faults beyond the one switch a caller passes in.

import type { StoredOrder } from './seed.ts';

export type CancelOutcome = 'cancelled' | 'not-found' | 'already-shipped' | 'not-pending';

export class OrderStore {
  readonly #orders: StoredOrder[];
  readonly #byId = new Map<bigint, StoredOrder>();

  constructor(orders: readonly StoredOrder[]) {
    this.#orders = orders.map((o) => ({ ...o }));
    for (const o of this.#orders) this.#byId.set(o.id, o);
  }

  /** In seed order; cancelled orders stay listed. */
  list(): readonly StoredOrder[] {
    return this.#orders;
  }

  find(id: bigint): StoredOrder | undefined {
    return this.#byId.get(id);
  }

  hasPet(petId: bigint): boolean {
    return this.#orders.some((o) => o.petId === petId);
  }

  /** What cancelling would do, without doing it. */
  check(id: bigint): CancelOutcome {
    const order = this.#byId.get(id);
    if (!order) return 'not-found';
    if (order.status === 'shipped') return 'already-shipped';
    if (order.status === 'cancelled') return 'not-pending';
    return 'cancelled';
  }

  /** `reverseShipping` is fault cancel-shipped-204: the shipped check is skipped. */
  cancel(id: bigint, reverseShipping = false): CancelOutcome {
    const outcome = this.check(id);
    const order = this.#byId.get(id);
    if (order && (outcome === 'cancelled' || (outcome === 'already-shipped' && reverseShipping))) {
      order.status = 'cancelled';
      return 'cancelled';
    }
    return outcome;
  }
}

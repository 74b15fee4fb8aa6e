// The orders held by one running server and their state transitions (spec §3).
// Must not know about HTTP or faults beyond the one switch a caller passes in.

import type { StoredOrder } from './seed.ts';

export type CancelOutcome = 'cancelled' | 'not-found' | 'already-shipped' | 'not-pending';

export class OrderStore {
  readonly #orders: StoredOrder[];
  readonly #byId = new Map<bigint, StoredOrder>();
  /** When each order was cancelled (the caller's clock), for reopen(). */
  readonly #cancelledAt = new Map<bigint, number>();
  /** Orders left out of every list though still in the store (fault cancel-drops-neighbour). */
  readonly #hidden = new Set<bigint>();
  #version = 0;

  constructor(orders: readonly StoredOrder[]) {
    this.#orders = orders.map((o) => ({ ...o }));
    for (const o of this.#orders) this.#byId.set(o.id, o);
  }

  /** When an order was cancelled (the caller's clock), while it is cancelled. */
  cancelledAt(id: bigint): number | undefined {
    return this.#cancelledAt.get(id);
  }

  /** Fault cancel-drops-neighbour: the order after `id` in the list is left out of every later list. */
  hideNext(id: bigint): void {
    const i = this.#orders.findIndex((o) => o.id === id);
    const next = i >= 0 ? this.#orders[i + 1] : undefined;
    if (next) this.#hidden.add(next.id);
    this.#version += 1;
  }

  /** Whether any order is left out of the lists (hideNext). */
  get hides(): boolean {
    return this.#hidden.size > 0;
  }

  isHidden(id: bigint): boolean {
    return this.#hidden.has(id);
  }

  /** Fault cancel-then-409: the order is deleted outright, whatever its status. */
  delete(id: bigint): void {
    const order = this.#byId.get(id);
    if (!order) return;
    this.#byId.delete(id);
    this.#orders.splice(this.#orders.indexOf(order), 1);
    this.#version += 1;
  }

  /** Fault cancel-unknown-creates: the lookup of an unknown id leaves an order with that id behind. */
  addBlank(id: bigint): void {
    if (this.#byId.has(id)) return;
    const order: StoredOrder = {
      id,
      petId: 0n,
      quantity: 0,
      shipDate: '1970-01-01T00:00:00Z',
      complete: false,
      status: 'cancelled',
    };
    this.#orders.push(order);
    this.#byId.set(id, order);
    this.#version += 1;
  }

  /** Fault cancel-unknown-adds-blank: a blank order is saved under the next id no order has (from 1000 up). */
  addBlankAtNextId(): void {
    let id = 1000n;
    while (this.#byId.has(id)) id += 1n;
    this.addBlank(id);
  }

  /** Variant orders-placed-meanwhile: another client places a pending order under a new id, 1000 past the last. */
  placeElsewhere(): void {
    let id = 1000n;
    while (this.#byId.has(id)) id += 1000n;
    const order: StoredOrder = {
      id,
      petId: 500n + id / 1000n,
      quantity: 1,
      shipDate: '2026-12-20T12:00:00Z',
      complete: false,
      status: 'pending',
    };
    this.#orders.push(order);
    this.#byId.set(id, order);
    this.#version += 1;
  }

  /** Fault cancel-not-atomic: the order is marked cancelled without checking its status again. */
  markCancelled(id: bigint, at = 0): void {
    const order = this.#byId.get(id);
    if (!order) return;
    order.status = 'cancelled';
    this.#cancelledAt.set(id, at);
    this.#version += 1;
  }

  /** In seed order; cancelled orders stay listed unless cancel() removed them. */
  list(): readonly StoredOrder[] {
    return this.#orders;
  }

  /** Changes with every cancel, so a cached rendering of the list knows when it is stale. */
  get version(): number {
    return this.#version;
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

  /**
   * `reverseShipping` is fault cancel-shipped-204: the shipped check is skipped. `remove` is variant
   * cancelled-removed: the cancelled order leaves the store, so it is no longer listed or found. `at` is
   * when, on the caller's clock.
   */
  cancel(id: bigint, reverseShipping = false, remove = false, at = 0): CancelOutcome {
    const outcome = this.check(id);
    const order = this.#byId.get(id);
    if (order && (outcome === 'cancelled' || (outcome === 'already-shipped' && reverseShipping))) {
      order.status = 'cancelled';
      this.#cancelledAt.set(id, at);
      this.#version += 1;
      if (remove) {
        this.#byId.delete(id);
        this.#orders.splice(this.#orders.indexOf(order), 1);
      }
      return 'cancelled';
    }
    return outcome;
  }

  /** Fault cancel-409-clears-complete: the refused cancel still resets the order's fulfilment flag. */
  clearComplete(id: bigint): void {
    const order = this.#byId.get(id);
    if (!order?.complete) return;
    order.complete = false;
    this.#version += 1;
  }

  /** The orders cancelled now (fault cancel-lost-update reads them before its slow write). */
  cancelledIds(): Set<bigint> {
    return new Set(this.#cancelledAt.keys());
  }

  /**
   * Fault cancel-lost-update: the store saved from a copy read earlier, with order `id` cancelled in it: an
   * order cancelled since the copy was read, other than `id`, is pending again.
   */
  saveFrom(copy: ReadonlySet<bigint>, id: bigint): void {
    for (const other of [...this.#cancelledAt.keys()]) {
      const order = this.#byId.get(other);
      if (copy.has(other) || other === id || order?.status !== 'cancelled') continue;
      order.status = 'pending';
      this.#cancelledAt.delete(other);
      this.#version += 1;
    }
  }

  /** Orders cancelled before `before` (the clock cancel() was given) are pending again (fault cancel-forgotten). */
  reopenCancelledBefore(before: number): void {
    for (const [id, at] of this.#cancelledAt) {
      const order = this.#byId.get(id);
      if (at >= before || order?.status !== 'cancelled') continue;
      order.status = 'pending';
      this.#cancelledAt.delete(id);
      this.#version += 1;
    }
  }
}

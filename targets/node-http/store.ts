// The order store of the node:http target: the seed's orders in memory, listed whole and cancelled by id.
// Knows no HTTP and no rate limit; ids are read by the IdReader it is given (exact unless misconfigured).
import { readSeed } from '../zoo-contract.ts';
import { type Id, type IdReader, idKey } from './ids.ts';

export type Status = 'pending' | 'shipped' | 'cancelled';

interface Order {
  id: Id;
  petId: Id;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: Status;
}

/** What a cancel found: done, or why not. */
export type CancelOutcome = 'cancelled' | 'not-found' | 'shipped' | 'already-cancelled';

export class Store {
  // Insertion order is the seed's: the list comes out in a stable order.
  readonly #orders = new Map<string, Order>();

  constructor(seedFile: string, ids: IdReader) {
    for (const o of readSeed(seedFile)) {
      const id = ids.fromSeed(o.id);
      this.#orders.set(idKey(id), {
        id,
        petId: ids.fromSeed(o.petId),
        quantity: o.quantity,
        shipDate: o.shipDate,
        complete: o.complete,
        status: o.status,
      });
    }
  }

  /** Every order, cancelled ones included, in the fields spec §2 shows (status is not among them). */
  list(): object[] {
    return [...this.#orders.values()].map((o) => ({
      id: o.id,
      petId: o.petId,
      quantity: o.quantity,
      shipDate: o.shipDate,
      complete: o.complete,
    }));
  }

  cancel(id: Id): CancelOutcome {
    const order = this.#orders.get(idKey(id));
    if (!order) return 'not-found';
    if (order.status === 'shipped') return 'shipped';
    if (order.status === 'cancelled') return 'already-cancelled';
    order.status = 'cancelled';
    return 'cancelled';
  }

  /** Whether some order is for this pet (the deprecated pet read answers only for those). */
  hasPet(petId: Id): boolean {
    const key = idKey(petId);
    for (const o of this.#orders.values()) if (idKey(o.petId) === key) return true;
    return false;
  }
}

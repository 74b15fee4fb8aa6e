// The Hono target's order store: the seed orders in memory, ids held as bigint so int64 ids above 2^53 are
// read, matched and written exactly. It never parses an id through a JS number.
import { readSeed, type SeedOrder } from '../zoo-contract.ts';

interface Order extends Omit<SeedOrder, 'id' | 'petId'> {
  id: bigint;
  petId: bigint;
}

export type CancelResult = 'cancelled' | 'shipped' | 'absent';

export class OrderStore {
  // A Map keeps the seed's order for the list; bigint keys compare by value.
  readonly #orders = new Map<bigint, Order>();
  // Pets outlive the orders that name them: a cancelled order's pet can still be read.
  readonly #pets = new Set<bigint>();

  constructor(seed: SeedOrder[]) {
    for (const o of seed) {
      this.#orders.set(BigInt(o.id), { ...o, id: BigInt(o.id), petId: BigInt(o.petId) });
      this.#pets.add(BigInt(o.petId));
    }
  }

  static fromFile(path: string): OrderStore {
    return new OrderStore(readSeed(path));
  }

  /**
   * The list as JSON text. JSON.stringify cannot write a bigint (and Node 20 has no JSON.rawJSON), so the
   * int64 fields are written as integer literals by hand; the rest goes through JSON.stringify.
   */
  listJson(): string {
    const items = [...this.#orders.values()].map(
      (o) =>
        `{"id":${o.id},"petId":${o.petId},"quantity":${JSON.stringify(o.quantity)},` +
        `"shipDate":${JSON.stringify(o.shipDate)},"complete":${JSON.stringify(o.complete)}}`,
    );
    return `[${items.join(',')}]`;
  }

  /** Cancels a pending order. A cancelled order leaves the store: cancelling it again finds nothing. */
  cancel(id: bigint): CancelResult {
    const order = this.#orders.get(id);
    if (!order) return 'absent';
    if (order.status === 'shipped') return 'shipped';
    this.#orders.delete(id);
    return 'cancelled';
  }

  hasPet(petId: bigint): boolean {
    return this.#pets.has(petId);
  }
}

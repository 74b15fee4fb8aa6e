// The Koa target's order store: the seed orders in memory, their ids read by the id parser the app uses
// (BigInt: exact over all of int64). A cancelled order stays, as cancelled. It parses no request itself.
import { readSeed, type SeedOrder } from '../zoo-contract.ts';

export type Id = bigint | number;
/** Reads a decimal id: BigInt when conformant, Number.parseInt under the parseint-ids misconfiguration. */
export type IdParser = (text: string) => Id;

interface Order {
  id: Id;
  petId: Id;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: 'pending' | 'shipped' | 'cancelled';
}

export type CancelResult = 'cancelled' | 'shipped' | 'already-cancelled' | 'absent';

export class OrderStore {
  readonly #orders = new Map<Id, Order>();
  readonly #pets = new Set<Id>();

  constructor(seed: SeedOrder[], parseId: IdParser) {
    for (const o of seed) {
      const order = { ...o, id: parseId(o.id), petId: parseId(o.petId) };
      this.#orders.set(order.id, order);
      this.#pets.add(order.petId);
    }
  }

  static fromFile(path: string, parseId: IdParser): OrderStore {
    return new OrderStore(readSeed(path), parseId);
  }

  /**
   * The list as JSON text. JSON.stringify throws on a bigint (and Node 20 has no JSON.rawJSON), so each id
   * is written as the integer literal it is; the other fields go through JSON.stringify.
   */
  listJson(): string {
    const items = [...this.#orders.values()].map(
      (o) =>
        `{"id":${o.id},"petId":${o.petId},"quantity":${JSON.stringify(o.quantity)},` +
        `"shipDate":${JSON.stringify(o.shipDate)},"complete":${JSON.stringify(o.complete)}}`,
    );
    return `[${items.join(',')}]`;
  }

  cancel(id: Id): CancelResult {
    const order = this.#orders.get(id);
    if (!order) return 'absent';
    if (order.status === 'shipped') return 'shipped';
    if (order.status === 'cancelled') return 'already-cancelled';
    order.status = 'cancelled';
    return 'cancelled';
  }

  hasPet(petId: Id): boolean {
    return this.#pets.has(petId);
  }
}

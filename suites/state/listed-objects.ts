// The listed objects of a list body, every order's at once, read once for all the lists that carried the same
// bytes and all the orders asked of them: the store model's field judges (shipped, cancelled, "pending") read
// the lists near each cancel, which neighbouring cancels read again. Pure; a bounded cache, sends nothing.
import { integerText, readJsonItems, stringifyJson } from '../../lib/formats/json.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { pastBom } from '../kit/order-list.ts';

/** A listed object: each member's value as JSON text, by name. */
export type Listed = ReadonlyMap<string, string>;

/**
 * Every listed object of a list body by its order's id (the first item with that id, read past a leading byte
 * order mark, as the store model reads lists); undefined if the body is not a readable list. Each object's
 * members are written out as JSON text when first asked for, not for every item of the body.
 */
export function listedObjects(body: Uint8Array): ListedObjects | undefined {
  const items = new Map<string, Record<string, unknown>>();
  const read = readJsonItems(pastBom(body), (item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return;
    const o = item as Record<string, unknown>;
    const id = integerText(o.id) ?? (typeof o.id === 'string' ? o.id : undefined);
    if (id !== undefined && !items.has(id)) items.set(id, o);
  });
  return read.ok ? new ListedObjects(items) : undefined;
}

/** The items of one list body by order id, each written out member by member when asked for. */
export class ListedObjects {
  readonly #written = new Map<string, Listed>();

  constructor(private readonly items: ReadonlyMap<string, Record<string, unknown>>) {}

  /** The ids listed, in the body's order. */
  ids(): string[] {
    return [...this.items.keys()];
  }

  get(id: string): Listed | undefined {
    const done = this.#written.get(id);
    if (done) return done;
    const o = this.items.get(id);
    if (o === undefined) return undefined;
    const listed = new Map(Object.entries(o).map(([k, v]) => [k, stringifyJson(v)]));
    this.#written.set(id, listed);
    return listed;
  }
}

/** How many distinct bodies' readings are kept (the lists near one cancel, and the next cancels'). */
const KEPT = 256;

/**
 * The listed objects of each list response: `sameBody` names the first response with the same bytes (undefined:
 * not known, read each time), and the readings of the last KEPT distinct bodies asked for are kept.
 */
export class ListedReader {
  readonly #kept = new Map<object, ListedObjects | undefined>();

  constructor(
    private readonly bodyOf: (x: Exchange) => Uint8Array | undefined,
    private readonly sameBody?: (x: Exchange) => object | undefined,
  ) {}

  /** The listed object of order `id` in the list `x` answered, or undefined. */
  objectOf(x: Exchange, id: string): Listed | undefined {
    return this.#objects(x)?.get(id);
  }

  #objects(x: Exchange): ListedObjects | undefined {
    const key = this.sameBody?.(x);
    if (key !== undefined && this.#kept.has(key)) {
      const hit = this.#kept.get(key);
      // The latest asked goes last: the oldest is let go first.
      this.#kept.delete(key);
      this.#kept.set(key, hit);
      return hit;
    }
    const body = this.bodyOf(x);
    const read = body === undefined ? undefined : listedObjects(body);
    if (key === undefined) return read;
    if (this.#kept.size >= KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(key, read);
    return read;
  }
}

// The set of variants switched on for one server. Must not hold behaviour: code asks `has(id)` where it chooses.

import { VARIANTS, type VariantId } from './catalogue.ts';

const KNOWN: ReadonlySet<string> = new Set(VARIANTS.map((v) => v.id));

export class VariantSet {
  readonly #on: ReadonlySet<VariantId>;

  /** Throws on ids not in the catalogue, naming them, so a typo never silently runs the default server. */
  constructor(ids: readonly string[] = []) {
    const wanted = ids.map((id) => id.trim()).filter((id) => id !== '');
    const unknown = wanted.filter((id) => !KNOWN.has(id));
    if (unknown.length > 0) {
      throw new Error(
        `unknown variant id${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}; ` +
          'run with --list-variants to see the catalogue',
      );
    }
    const families = wanted.filter((id) => id.startsWith('limiter-'));
    if (new Set(families).size > 1)
      throw new Error(`variants ${families.join(', ')} are rival limiters; switch on at most one`);
    const orders = wanted.filter((id) => id === 'order-extra-fields' || id === 'order-id-only');
    if (new Set(orders).size > 1)
      throw new Error('variants order-extra-fields and order-id-only exclude each other');
    const stores = wanted.filter(
      (id) => id === 'empty-store' || id === 'large-store' || id === 'page-sized-store',
    );
    if (new Set(stores).size > 1)
      throw new Error('variants empty-store, large-store and page-sized-store exclude each other');
    const retry = wanted.filter((id) => id.startsWith('retry-after-'));
    if (new Set(retry).size > 1) throw new Error(`variants ${retry.join(', ')} exclude each other`);
    this.#on = new Set(wanted as VariantId[]);
  }

  has(id: VariantId): boolean {
    return this.#on.has(id);
  }

  list(): VariantId[] {
    return VARIANTS.map((v) => v.id).filter((id) => this.#on.has(id));
  }
}

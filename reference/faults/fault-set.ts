// The set of faults switched on for one server. Must not hold behaviour: code asks `has(id)` where it deviates.

import { FAULTS, type FaultId } from './catalogue.ts';

const KNOWN: ReadonlySet<string> = new Set(FAULTS.map((f) => f.id));

export class FaultSet {
  readonly #on: ReadonlySet<FaultId>;

  /** Throws on ids not in the catalogue, naming them, so a typo never silently runs the faithful server. */
  constructor(ids: readonly string[] = []) {
    const wanted = ids.map((id) => id.trim()).filter((id) => id !== '');
    const unknown = wanted.filter((id) => !KNOWN.has(id));
    if (unknown.length > 0) {
      throw new Error(
        `unknown fault id${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}; ` +
          'run with --list-faults to see the catalogue',
      );
    }
    this.#on = new Set(wanted as FaultId[]);
  }

  has(id: FaultId): boolean {
    return this.#on.has(id);
  }

  list(): FaultId[] {
    return FAULTS.map((f) => f.id).filter((id) => this.#on.has(id));
  }
}

// How the node:http target reads an int64 id: from the seed (decimal strings) and from the orderId path
// segment. The careful reading is BigInt behind a strict decimal pattern and the int64 range; the two
// misconfigurations are the readings hand-written Node servers really ship. Knows no HTTP.
import type { MisconfigName } from './config.ts';

/** An order or pet id as the store holds it: exact (bigint), or a float when `Number()` was used. */
export type Id = bigint | number;

export interface IdReader {
  fromSeed(text: string): Id;
  /** The id a path segment names, or undefined when the segment is not an id (the caller answers 400). */
  fromPath(segment: string): Id | undefined;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Decimal digits only, optional minus: no `+`, no hex, no exponent, no spaces (BigInt() takes all of them). */
const DECIMAL = /^-?[0-9]{1,19}$/;

const exact: IdReader = {
  fromSeed(text) {
    const id = exact.fromPath(text);
    if (id === undefined) throw new Error(`seed id ${text} is not an int64`);
    return id;
  },
  fromPath(segment) {
    if (!DECIMAL.test(segment)) return undefined;
    const id = BigInt(segment);
    return id >= INT64_MIN && id <= INT64_MAX ? id : undefined;
  },
};

/** number-ids: ids through `Number()`, the JSON-number habit; 2^53 + 1 and up are read as a neighbour. */
const float: IdReader = {
  fromSeed: (text) => Number(text),
  fromPath(segment) {
    const n = Number(segment);
    return Number.isInteger(n) ? n : undefined;
  },
};

/** bigint-loose: precision fixed with BigInt(), but BigInt() itself is the validator (it takes 0x7, +7, " 7"). */
const loose: IdReader = {
  fromSeed: (text) => BigInt(text),
  fromPath(segment) {
    try {
      return BigInt(segment);
    } catch {
      return undefined;
    }
  },
};

export function idReader(misconfig: MisconfigName | undefined): IdReader {
  if (misconfig === 'number-ids') return float;
  if (misconfig === 'bigint-loose') return loose;
  return exact;
}

/** The store's key for an id: its decimal text, so two ids that read alike are one entry (as in a Map). */
export function idKey(id: Id): string {
  return String(id);
}

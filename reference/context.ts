// What route handlers get to see of a running server. Must stay free of HTTP and limiter details.

import type { FaultSet } from './faults/fault-set.ts';
import type { OrderStore } from './store.ts';
import type { VariantSet } from './variants/variant-set.ts';

export interface RouteContext {
  store: OrderStore;
  faults: FaultSet;
  variants: VariantSet;
  /** The server's clock (ms): what a fault that acts with time reads. */
  clock: () => number;
}

// Shape of one fault test: a probe that observes the server, and what it sees with and without the fault.
// Test support only; the server never imports this.

import type { ReferenceServerOptions, RunningReference } from '../server.ts';
import type { FakeClock } from '../test-helpers.ts';
import type { FaultId } from './catalogue.ts';

export interface FaultCase {
  id: FaultId;
  /** Extra server options; every run gets a fresh fake clock. */
  options?: ReferenceServerOptions;
  probe: (server: RunningReference, clock: FakeClock) => Promise<unknown>;
  /** What the probe observes on the faithful server. */
  faithful: unknown;
  /** What it observes with only this fault switched on; must differ from `faithful`. */
  faulty: unknown;
}

// Every catalogued fault's proof, gathered from the area files; tsc requires exactly one per fault of
// reference/faults/catalogue.ts (its area files). The fault matrix is their `caught` runs, one row each.
import type { FaultId } from '../../reference/server.ts';
import { AUTH_FAULTS } from './auth.ts';
import { DEPRECATION_FAULTS } from './deprecation.ts';
import { ERRORS_FAULTS } from './errors.ts';
import { HEADERS_FAULTS } from './headers.ts';
import { LIST_FAULTS } from './list.ts';
import { ORDER_ID_FAULTS } from './order-id.ts';
import type { Caught, FaultProof } from './proof.ts';
import { RATE_LIMIT_FAULTS } from './rate-limit.ts';
import { STATUS_FAULTS } from './status.ts';

export const FAULT_PROOFS: Readonly<Record<FaultId, FaultProof>> = {
  ...STATUS_FAULTS,
  ...ERRORS_FAULTS,
  ...AUTH_FAULTS,
  ...LIST_FAULTS,
  ...ORDER_ID_FAULTS,
  ...HEADERS_FAULTS,
  ...RATE_LIMIT_FAULTS,
  ...DEPRECATION_FAULTS,
};

/** Every fault with each run that must catch it; a fault caught in two set-ups has two rows. */
export const FAULT_MATRIX: Array<[FaultId, Caught]> = (
  Object.entries(FAULT_PROOFS) as Array<[FaultId, FaultProof]>
).flatMap(([id, proof]) => proof.caught.map((c): [FaultId, Caught] => [id, c]));

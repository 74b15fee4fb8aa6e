// Every catalogued fault's proof, gathered from the area files; tsc requires exactly one per fault of
// reference/faults/catalogue.ts (its area files). The fault matrix is their `caught` runs, one row each.
import type { FaultId } from '../../reference/server.ts';
import { AUTH_FAULTS } from './auth/index.ts';
import { CANCEL_FAULTS } from './cancel.ts';
import { ERRORS_FAULTS } from './errors.ts';
import { HTTP_FAULTS } from './http.ts';
import { LIST_FAULTS } from './list.ts';
import { ORDER_ID_FAULTS } from './order-id/index.ts';
import { PETS_FAULTS } from './pets.ts';
import type { Caught, FaultProof } from './proof.ts';
import { RATE_LIMIT_FAULTS } from './rate-limit/index.ts';
import { STATE_FAULTS } from './state/index.ts';
import { VERSIONING_FAULTS } from './versioning.ts';

export const FAULT_PROOFS: Readonly<Record<FaultId, FaultProof>> = {
  ...LIST_FAULTS,
  ...CANCEL_FAULTS,
  ...STATE_FAULTS,
  ...ORDER_ID_FAULTS,
  ...AUTH_FAULTS,
  ...PETS_FAULTS,
  ...VERSIONING_FAULTS,
  ...ERRORS_FAULTS,
  ...RATE_LIMIT_FAULTS,
  ...HTTP_FAULTS,
};

/** Every fault with each run that must catch it; a fault caught in two set-ups has two rows. */
export const FAULT_MATRIX: Array<[FaultId, Caught]> = (
  Object.entries(FAULT_PROOFS) as Array<[FaultId, FaultProof]>
).flatMap(([id, proof]) => proof.caught.map((c): [FaultId, Caught] => [id, c]));

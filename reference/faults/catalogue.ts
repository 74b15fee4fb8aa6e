// The named faults the reference server can switch on, every area's in one list (in the spec's order): a
// realistic deviation each, with the rule it breaks. Data only; the deviations live beside the code they bend.
import { AUTH_FAULTS } from './auth.ts';
import { CANCEL_FAULTS } from './cancel.ts';
import { ERRORS_FAULTS } from './errors.ts';
import { HTTP_FAULTS } from './http.ts';
import { LIST_FAULTS } from './list.ts';
import { ORDER_ID_FAULTS } from './order-id.ts';
import { PETS_FAULTS } from './pets.ts';
import { RATE_LIMIT_FAULTS } from './rate-limit.ts';
import { STATE_FAULTS } from './state.ts';
import { VERSIONING_FAULTS } from './versioning.ts';

export type { Area, FaultInfo, Place } from './fault-info.ts';
export { AREAS } from './fault-info.ts';

export const FAULTS = [
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
] as const;

export type FaultId = (typeof FAULTS)[number]['id'];

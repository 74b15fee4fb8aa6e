// The named faults of the version segment of the base address: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const VERSIONING_FAULTS = faultsOf('versioning', [
  fault(
    'api-not-under-v1',
    'any response',
    'spec §9 rule 1',
    'The operations answer at the root (/store/orders), not below /v1: every /v1 path is 404.',
  ),
]);

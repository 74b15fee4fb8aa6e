// The named faults of the deprecated pets route: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const PETS_FAULTS = faultsOf('pets', [
  fault('pets-no-auth', 'pets', 'spec §5 rule 3', 'GET /pets/{petId} answers without credentials.'),
]);

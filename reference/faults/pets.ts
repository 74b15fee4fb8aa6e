// The named faults of the deprecated pets route: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const PETS_FAULTS = faultsOf('pets', [
  fault('pets-no-auth', 'pets', 'spec §5 rule 3', 'GET /pets/{petId} answers without credentials.'),
  fault(
    'pets-not-routed',
    'pets',
    'spec §5 rule 3; spec §4 Other operations',
    'The deprecated read was taken out of the router: GET /pets/{petId} matches no route, and the catch-all 404 answers every path no route has before authentication runs, with a key or without.',
  ),
  fault(
    'pets-sunset-iso',
    'pets',
    'RFC 8594 §3; RFC 9110 §5.6.7',
    'Sunset is written as an ISO 8601 timestamp (2027-06-30T23:59:59Z, toISOString) instead of an HTTP-date.',
  ),
  fault(
    'pets-deprecation-true',
    'pets',
    'RFC 9745 §2.1',
    'Deprecation is "true", the form of a draft before RFC 9745, instead of a Date ("@" and Unix seconds).',
  ),
  fault(
    'pets-link-unbracketed',
    'pets',
    'RFC 8288 §3',
    'The sunset Link is written without angle brackets around its target (https://...; rel="sunset").',
  ),
  fault(
    'pets-json-invalid',
    'pets',
    'spec §1; RFC 8259',
    "The pet read's body, labelled application/json, is a JavaScript object literal ({id: 101, name: 'Rex'}), not JSON.",
  ),
]);

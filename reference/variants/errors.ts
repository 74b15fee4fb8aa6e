// The named variants of Error bodies: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const ERRORS_VARIANTS = variantsOf('errors', [
  variant(
    'error-extra-fields',
    'spec §2 Error (code, message, status required; additional members are not excluded)',
    'Error bodies carry extra members: "requestId" and "details" (an array).',
  ),
]);

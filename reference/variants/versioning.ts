// The named variants of the base address: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const VERSIONING_VARIANTS = variantsOf('versioning', [
  variant(
    'base-path-deep',
    'spec §1 and §9 rule 1 (the base address is not fixed; its path ends with /v1)',
    'The API is served under /api/store/v1 instead of /v1.',
  ),
]);

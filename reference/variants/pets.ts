// The named variants of the deprecated pets route: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const PETS_VARIANTS = variantsOf('pets', [
  variant(
    'no-deprecation-headers',
    'spec §9 rule 3 (the read is deprecated and has a sunset date; how that is announced: not shown); RFC 9745 and RFC 8594 define the fields without obliging a server to send them',
    'GET /pets/{petId} carries no Deprecation, Sunset or Link headers (the default sends all three).',
  ),
]);

// The proofs of the variants of the deprecated pets read.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { call } from '../support/reference-calls.ts';
import { PLAIN, type VariantProofs } from './proof.ts';

export const PETS_VARIANTS = {
  'no-deprecation-headers': {
    probe: async (s) => {
      const a = await call(s, '/pets/101');
      return [
        a.status,
        a.headers.deprecation !== undefined,
        a.headers.sunset !== undefined,
        a.headers.link !== undefined,
      ];
    },
    standard: [200, true, true, true],
    variant: [200, false, false, false],
    runs: [
      {
        ...PLAIN,
        records: {
          'PETS-DEPRECATION-HEADER': /no Deprecation header/,
          'PETS-SUNSET-HEADER': /no Sunset header/,
          // Their syntax is judged only where they are sent: none is, and nothing is wrong.
          'PETS-SUNSET-HTTP-DATE': /no answer to the deprecated read carried Sunset/,
          'PETS-DEPRECATION-DATE': /no answer to the deprecated read carried Deprecation/,
        },
      },
    ],
  },
} satisfies VariantProofs<'pets'>;

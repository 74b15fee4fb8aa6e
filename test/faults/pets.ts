// The proofs of the faults in the deprecated pets read (spec §9 rule 3).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { FAULTS } from '../../reference/server.ts';
import { call } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

/** The refusal of a pets probe, told as the one cause: the read not served, the orders routes' 401s beside. */
const UNSERVED =
  /^(?![\s\S]*connection reused)GET \/v1\/pets\/101 [\s\S]* answered 404 [\s\S]*: GET \/pets\/\{petId\} answered 404 with the key too \(#\d+\): not served there, its 404 given before authentication runs; on the orders routes the same kind of request was answered 401 \((\d+) of \1\): one cause, this route$/;

/** The faults that bend the pets read, which a router without it never reaches. */
const ON_PETS = Object.fromEntries(
  FAULTS.filter((f) => f.acts === 'pets' && f.id !== 'pets-not-routed').map((f) => [
    f.id,
    'the pets read it bends is routed nowhere',
  ]),
);

export const PETS_FAULTS = {
  'pets-no-auth': {
    probe: async (s) => [
      (await call(s, '/pets/101', { key: null })).status,
      (await call(s, '/store/orders', { key: null })).status,
    ],
    faithful: [401, 401],
    faulty: [200, 401],
    caught: [{ fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401'], args: NO_PROBE, exit: 1 }],
  },
  'pets-not-routed': {
    masking: { hides: ON_PETS },
    probe: async (s) => [
      (await call(s, '/pets/101', { key: null })).status,
      (await call(s, '/pets/101')).status,
      (await call(s, '/store/orders', { key: null })).status,
    ],
    faithful: [401, 200, 401],
    faulty: [404, 404, 401],
    caught: [
      {
        fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401', 'AUTH-UNKNOWN-KEY-401'],
        says: {
          'PETS-401-WITHOUT-CREDENTIALS': UNSERVED,
          'AUTH-MISSING-401': UNSERVED,
          'AUTH-UNKNOWN-KEY-401': UNSERVED,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'pets-sunset-iso': {
    probe: async (s) => (await call(s, '/pets/101')).headers.sunset,
    faithful: 'Wed, 30 Jun 2027 23:59:59 GMT',
    faulty: '2027-06-30T23:59:59Z',
    caught: [{ fails: ['PETS-SUNSET-HTTP-DATE'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['PETS-SUNSET-HTTP-DATE'],
  },
  'pets-deprecation-true': {
    probe: async (s) => (await call(s, '/pets/101')).headers.deprecation,
    faithful: '@1735689600',
    faulty: 'true',
    caught: [{ fails: ['PETS-DEPRECATION-DATE'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['PETS-DEPRECATION-DATE'],
  },
  'pets-link-unbracketed': {
    probe: async (s) => (await call(s, '/pets/101')).headers.link?.startsWith('<'),
    faithful: true,
    faulty: false,
    caught: [{ fails: ['HTTP-FIELD-SYNTAX'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-FIELD-SYNTAX'],
  },
  'pets-json-invalid': {
    masking: { reads: ['json-label'] },
    probe: async (s) => {
      const a = await call(s, '/pets/101');
      return [a.headers['content-type'], a.json !== undefined];
    },
    faithful: ['application/json', true],
    faulty: ['application/json', false],
    caught: [{ fails: ['EVERY-JSON-LABEL-TRUE'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['EVERY-JSON-LABEL-TRUE'],
  },
} satisfies FaultProofs<'pets'>;

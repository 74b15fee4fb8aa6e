// The proofs of the faults in how the Authorization field's scheme and spacing are read (RFC 9110 §11.1,
// RFC 6750 §2.1): the scheme's case, the spaces after it, other schemes, trailing text.
import { call } from '../../support/reference-calls.ts';
import { type FaultProof, NO_PROBE } from '../proof.ts';

export const SCHEME_FAULTS = {
  'auth-scheme-case-sensitive': {
    masking: {
      hides: {
        'list-cancelled-twice':
          'the only list the run reads after a cancel is sent with a lower-case bearer (AUTH-SCHEME-CASE-INSENSITIVE), which the first refuses',
      },
    },
    probe: async (s) => {
      const statuses = [];
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        statuses.push(
          (
            await call(s, '/store/orders', {
              key: null,
              headers: { authorization: `${scheme} ${s.demoKey}` },
            })
          ).status,
        );
      }
      return statuses;
    },
    faithful: [200, 200, 200],
    faulty: [200, 401, 401],
    caught: [{ warns: ['AUTH-SCHEME-CASE-INSENSITIVE'], args: NO_PROBE, exit: 0 }],
  },
  'auth-bearer-one-space': {
    masking: {
      hides: {
        'auth-trailing-text-accepted':
          'a field split on single spaces into exactly two parts refuses "Bearer <key> x" (three parts) before its first word is read',
      },
    },
    probe: async (s) => {
      const statuses = [];
      for (const gap of [' ', '  ']) {
        statuses.push(
          (
            await call(s, '/store/orders', {
              key: null,
              headers: { authorization: `Bearer${gap}${s.demoKey}` },
            })
          ).status,
        );
      }
      return statuses;
    },
    faithful: [200, 200],
    faulty: [200, 401],
    caught: [
      {
        warns: ['HTTP-BEARER-SPACING'],
        says: {
          'HTTP-BEARER-SPACING':
            /with "Bearer {2}<key>" \(two spaces\) answered 401: the credential was refused/,
        },
        args: NO_PROBE,
        exit: 0,
      },
    ],
    onlyBy: ['HTTP-BEARER-SPACING'],
  },
  'auth-token-scheme-accepted': {
    probe: async (s) =>
      Promise.all(
        ['Token', 'ApiKey'].map(
          async (scheme) =>
            (
              await call(s, '/store/orders', {
                key: null,
                headers: { authorization: `${scheme} ${s.demoKey}` },
              })
            ).status,
        ),
      ),
    faithful: [401, 401],
    faulty: [200, 401],
    // Every scheme goes out in every default run, whatever the seed (test/engine/every-kind.test.ts).
    caught: [{ fails: ['AUTH-OTHER-SCHEME-401'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['AUTH-OTHER-SCHEME-401'],
  },
  'auth-other-scheme-accepted': {
    masking: {
      hides: {
        'auth-scheme-case-sensitive':
          'accepting the key under any scheme name accepts it under "bearer" too (the scheme is not read at all): nothing is left for the second to refuse',
      },
    },
    probe: async (s) =>
      Promise.all(
        ['Token', 'ApiKey', 'Digest'].map(
          async (scheme) =>
            (
              await call(s, '/store/orders', {
                key: null,
                headers: { authorization: `${scheme} ${s.demoKey}` },
              })
            ).status,
        ),
      ),
    faithful: [401, 401, 401],
    faulty: [200, 200, 200],
    caught: [{ fails: ['AUTH-OTHER-SCHEME-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-trailing-text-accepted': {
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { authorization: `Bearer ${s.demoKey} x` } }))
        .status,
    faithful: 401,
    faulty: 200,
    caught: [
      {
        fails: ['AUTH-KEY-EXTRA-TEXT-401'],
        // The line let in and what read it as the key; no connection cache, which nothing in the run shows.
        says: {
          'AUTH-KEY-EXTRA-TEXT-401':
            /^(?![\s\S]*by what the connection carried)[\s\S]*sent as "Bearer <key> x": the text after a space was ignored/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
} satisfies Record<string, FaultProof>;

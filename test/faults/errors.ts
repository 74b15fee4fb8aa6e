// The proofs of the faults in Error bodies (spec §2 Error, §7).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.

import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

export const ERRORS_FAULTS = {
  'error-missing-message': {
    masking: { reads: ['error-json'] },
    probe: async (s) => Object.keys((await call(s, '/nowhere')).json as object),
    faithful: ['code', 'message', 'status'],
    faulty: ['code', 'status'],
    caught: [
      {
        fails: ['ERR-BODY-SCHEMA', 'CANCEL-UNKNOWN-404-BODY', 'AUTH-401-ERROR-BODY'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'error-status-string': {
    masking: { bends: ['error-status'], reads: ['error-json'] },
    probe: async (s) => ((await call(s, '/nowhere')).json as { status: unknown }).status,
    faithful: 404n,
    faulty: '404',
    caught: [{ fails: ['ERR-BODY-SCHEMA', 'CANCEL-UNKNOWN-404-BODY'], args: NO_PROBE, exit: 1 }],
  },
  'error-status-mismatch': {
    masking: { bends: ['error-status'], reads: ['error-json'] },
    probe: async (s) => [
      ((await call(s, '/nowhere')).json as { status: unknown }).status,
      ((await call(s, '/store/orders/x', del)).json as { status: unknown }).status,
    ],
    faithful: [404n, 400n],
    faulty: [400n, 422n],
    caught: [
      {
        fails: ['ERR-STATUS-MATCHES', 'CANCEL-UNKNOWN-404-BODY'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'error-text-plain': {
    masking: { removes: ['error-json'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders/5', del);
      return [a.status, a.headers['content-type'], a.json === undefined];
    },
    faithful: [404, 'application/json', false],
    faulty: [404, 'text/plain; charset=utf-8', true],
    caught: [{ fails: ['ERR-BODY-SCHEMA', 'AUTH-401-ERROR-BODY'], args: NO_PROBE, exit: 1 }],
  },
  'conflict-body-not-error': {
    masking: { reads: ['shipped-409'] },
    probe: async (s) =>
      Object.keys((await call(s, `/store/orders/${s.fixtures.shipped[0]}`, del)).json as object),
    faithful: ['code', 'message', 'status'],
    faulty: ['error'],
    caught: [{ fails: ['CANCEL-SHIPPED-409-BODY'], args: NO_PROBE, exit: 1 }],
  },
  'error-json-labelled-html': {
    masking: { reads: ['error-json'] },
    probe: async (s) => (await call(s, '/nowhere')).headers['content-type'],
    faithful: 'application/json',
    faulty: 'text/html; charset=utf-8',
    // ERR-BODY-SCHEMA reads the body, which is an Error: only the label is wrong.
    caught: [{ warns: ['EVERY-JSON-CONTENT-TYPE'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['EVERY-JSON-CONTENT-TYPE'],
  },
} satisfies FaultProofs<'errors'>;

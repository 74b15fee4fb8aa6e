// The proofs of the faults where a router reads a spelling of a guarded path the auth guard does not know
// (a trailing slash, a change of case, dot segments, percent-encoding, a path parameter).
import type { RunningReference } from '../../../reference/server.ts';
import { rawExchange } from '../../support/reference-calls.ts';
import { type FaultProof, NO_PROBE } from '../proof.ts';

export const PATH_BYPASS_FAULTS = {
  ...pathBypass('auth-trailing-slash-bypass', ['/store/orders/', '/store/orders']),
  ...pathBypass('auth-path-case-bypass', ['/Store/Orders', '/store/orders']),
  ...pathBypass('auth-dot-segment-bypass', ['//store/orders', '/store/./orders', '/store/orders']),
  ...pathBypass('auth-encoded-path-bypass', ['/st%6Fre/orders', '/store%2Forders', '/store/orders']),
  ...pathBypass('auth-path-parameter-bypass', ['/store/orders;x', '/store/orders']),
};

/** GET of a request target exactly as written, dot segments and all, with no credentials: its status. */
async function rawGet(s: RunningReference, path: string): Promise<{ status: number }> {
  const target = `${new URL(s.baseUrl).pathname}${path}`;
  const text = await rawExchange(s, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  return { status: Number(text.split(' ')[1]) };
}

/**
 * A router reading spellings the auth guard does not know: the spellings (the last, the path itself, still
 * guarded) listed without a key. Caught by AUTH-PATH-SPELLING-401 alone, whatever the seed: the default sample
 * sends a trailing slash on every operation and one spelling of each other kind.
 */
function pathBypass<F extends string>(fault: F, paths: string[]): Record<F, FaultProof> {
  const proof: FaultProof = {
    // Raw request targets: the test client would resolve the dot segments itself.
    probe: async (s: RunningReference) => Promise.all(paths.map(async (p) => (await rawGet(s, p)).status)),
    faithful: paths.map(() => 401),
    faulty: [...paths.slice(0, -1).map(() => 200), 401],
    caught: [{ fails: ['AUTH-PATH-SPELLING-401'], args: NO_PROBE, exit: 1 as const }],
    onlyBy: ['AUTH-PATH-SPELLING-401'],
  };
  return { [fault]: proof } as Record<F, FaultProof>;
}

// What a peer conformance tool is to the bench: installed on demand, run once against a target, and read back
// as the exchanges it judged. The target's facts a peer needs are handed over, as a user would write them down.
import type { PeerExchange } from './musts.ts';

export interface PeerTarget {
  baseUrl: string;
  apiKey: string;
  /** An order the run may cancel, one that has shipped, one that is not in the store. */
  ids: { pending: string; shipped: string; absent: string };
  /** A pet the target serves. */
  petId: string;
}

export interface PeerRun {
  /** From spawn to exit. */
  wallMs: number;
  exchanges: PeerExchange[];
  /** Documented responses the peer left untried, with its reason. */
  skipped: string[];
  /** The peer's own exit code. */
  code: number | null;
}

export interface Peer {
  name: string;
  version: string;
  /** The exact command line, the key elided. */
  command: string;
  /** How it was set up beyond `npm install`: what the bench hands it besides schemas/openapi.yaml. */
  setup: string;
  run(target: PeerTarget, work: string): Promise<PeerRun>;
}

export type PeerOrReason = Peer | { name: string; reason: string };

export function operationOf(method: string, path: string): PeerExchange['operation'] {
  if (/\/pets\//.test(path)) return 'getPetById';
  return method.toUpperCase() === 'DELETE' ? 'cancelOrder' : 'listOrders';
}

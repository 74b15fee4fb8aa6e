// The shape of a fault's proof, one record per catalogued fault in test/faults/<area>.ts: what to send to tell
// it from the faithful server and what that shows either way, then the whole-command runs whose checks must
// catch it and the exit code. Types and run set-ups only; the tests beside this folder run them.
import { EMBEDDED_RATE_LIMIT } from '../../engine/run-target.ts';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS, type SeedOrder } from '../../reference/seed.ts';
import type { Area, FAULTS, ReferenceServerOptions, RunningReference } from '../../reference/server.ts';
import type { FakeClock } from '../support/reference-calls.ts';
import type { Masking } from './masking.ts';

/** The ids of the faults of one area of the catalogue. */
export type FaultIn<A extends Area> = Extract<(typeof FAULTS)[number], { area: A }>['id'];

/** One whole-command run against the reference server with the fault on (and nothing else). */
export interface Caught {
  /** Checks that must end `fail` (MUST) under this fault. */
  fails?: string[];
  /** Checks that must end `warn` (SHOULD) under this fault. */
  warns?: string[];
  /**
   * What some of those checks' messages must say: the cause named, not only the verdict (a wrong diagnosis
   * sends an implementer the wrong way). By check id, a pattern its message must match.
   */
  says?: Record<string, RegExp>;
  /** Extra command arguments the run needs (e.g. --only, --burst). */
  args?: string[];
  /** Settings in the environment beyond those pointing at the reference (e.g. UNTRUSTED_LIST). */
  env?: Record<string, string>;
  /** Reference server options beyond the fault (e.g. a compressed rate-limit window). */
  reference?: Omit<ReferenceServerOptions, 'faults'>;
  /**
   * The server's clock runs this many times faster than real time from its start, so a run of a second spans
   * many seconds of server time (what a Reset that moves with the clock needs to show).
   */
  clockSpeed?: number;
  /**
   * Why the run's own recording, judged passively, cannot show the fault through the checks this row names
   * (they judge nothing from traffic, and the row runs them alone); unset: it must.
   */
  notFromTraffic?: string;
  /** The exit code expected: 1 when a MUST fails, 0 when only SHOULDs warn, 3 when a limit left a MUST out or the key was banned. */
  exit: 0 | 1 | 3;
}

export interface FaultProof {
  /** Server options for the probe beyond the fault; every probe gets a fresh fake clock. */
  options?: ReferenceServerOptions;
  /** The smallest exchange that tells the fault from the faithful server; returns what it observed. */
  probe: (server: RunningReference, clock: FakeClock) => Promise<unknown>;
  /** What the probe observes on the faithful server. */
  faithful: unknown;
  /** What it observes with only this fault switched on; must differ from `faithful`. */
  faulty: unknown;
  /** The runs of the whole command whose checks must catch it (most faults: one; each is a row of the matrix). */
  caught: Caught[];
  /**
   * When only some checks catch it (a fault written for them): those checks. Left out (--skip) of its first
   * `caught` run, the rest of the suite must pass it: no fail, no warn, exit 0 (test/faults/only-by.test.ts).
   */
  onlyBy?: string[];
  /**
   * What this fault leaves nothing to judge of (the parts of answers it bends, removes or reads, and faults it
   * hides in a way of its own): the pairs left out of the masking matrix are computed from these.
   */
  masking?: Masking;
}

/** The proofs of one area: exactly its faults, so tsc rejects a misspelt or a missing id. */
export type FaultProofs<A extends Area> = Record<FaultIn<A>, FaultProof>;

/**
 * The list not trusted, as a user's run starts (the tests' runs trust the reference's list): only ids far
 * from every listed one go out as absent, and a spelling goes out only where each lenient reading is safe.
 */
export const UNTRUSTED_LIST = { ORDER_STORE_TRUST_ORDER_LIST: 'false' };

/** The ordinary checks only (no rate-limit probe). */
export const NO_PROBE = ['--skip-rate-limit-probe'];

/**
 * The reference server's own fixtures, minted for the run by a fixtures command (it prints them, whatever the
 * number asked; `#` leaves that argument out): shown pending, so a refusal that changes one is blamed.
 */
export const MINTED = [
  '--fixtures-command',
  `echo '${JSON.stringify({ cancellable: DEFAULT_PENDING_IDS, shipped: DEFAULT_SHIPPED_IDS })}' #`,
];

/**
 * The ordinary checks on a server whose key window lasts 4 s, so that the state-over-time look, which waits
 * for a window to pass since the first cancel, runs without the probe in a few seconds.
 */
export const SHORT_WINDOW: Pick<Caught, 'args' | 'reference'> = {
  args: NO_PROBE,
  reference: { rateLimit: { limit: 10_000, windowSeconds: 4 } },
};

/**
 * The RL- checks against a compressed window (5 requests per 2 s) on a server that bans a key on its first
 * early request, so a probe that ever sent inside Retry-After would show up as failures of its own.
 */
export const PROBE: Pick<Caught, 'args' | 'reference'> = {
  args: ['--only', 'RL-'],
  reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
};

/**
 * The whole command as a user runs it, every check in it, against a server limited as the embedded one is
 * (60 requests per 10 s): the probe's walk and the surface's requests on other paths in the same windows.
 */
export const DEFAULT_RUN: Pick<Caught, 'reference'> = { reference: { rateLimit: EMBEDDED_RATE_LIMIT } };

/**
 * A store as a blind red team's round gave it (issue 37): five small pending orders, two shipped, and nothing
 * else; every check that cancels takes one of the five, so a fixture one check spends is missed by another.
 */
export const FIVE_PENDING: SeedOrder[] = [
  ...[10n, 11n, 12n, 13n, 14n].map((id) => order(id, 'pending')),
  ...[20n, 21n].map((id) => order(id, 'shipped')),
];

function order(id: bigint, status: SeedOrder['status']): SeedOrder {
  return {
    id,
    petId: 100n + id,
    quantity: 1,
    shipDate: '2026-11-22T10:00:00Z',
    complete: status === 'shipped',
    status,
  };
}

/** The whole command on the five-pending store, limited as the embedded server is. */
export const DEFAULT_RUN_FIVE_PENDING: Pick<Caught, 'reference'> = {
  reference: { rateLimit: EMBEDDED_RATE_LIMIT, orders: FIVE_PENDING },
};

/** The probe on a window long enough for the walk to pause inside it (what a Reset that moves needs). */
export const LONG_WINDOW: Pick<Caught, 'args' | 'reference'> = {
  args: ['--only', 'RL-'],
  reference: { rateLimit: { limit: 8, windowSeconds: 8 }, banAfter: 1 },
};

// The shape of a variant's proof, one record per catalogued variant in test/variants/<area>.ts: what to send to
// tell it from the default server and what that shows either way, then the whole-command runs in which every
// check must stay silent. Types and run set-ups only; the tests beside this folder run them.
import type {
  Area,
  ReferenceServerOptions,
  RunningReference,
  VARIANTS,
  VariantId,
} from '../../reference/server.ts';
import type { FakeClock } from '../support/reference-calls.ts';

/** The ids of the variants of one area of the catalogue. */
export type VariantIn<A extends Area> = Extract<(typeof VARIANTS)[number], { area: A }>['id'];

/** One run of the whole command against the reference server with some variants on. */
export interface VariantRun {
  /** Variants switched on together (one, or a combination). */
  variants: VariantId[];
  /** Command arguments beyond the seed. */
  args: string[];
  /**
   * Run as against a server the suite did not start: the list not trusted (--trust-order-list off), so
   * absence rests on the spec's whole list and the run's own evidence alone.
   */
  untrusted?: true;
  /** Reference server options beyond the variants (e.g. a compressed rate-limit window). */
  reference: Omit<ReferenceServerOptions, 'variants'>;
  /** Checks whose message or details must record the variant's choice. */
  records?: Record<string, RegExp>;
  /** Checks that skip under this variant, with the reason they must give (e.g. no orders to cancel). */
  skips?: Record<string, RegExp>;
  /**
   * Checks that may skip for the reason given, depending on timing (e.g. RL-HEADERS-NEW-WINDOW when a fast run
   * outlives no Reset moment); when they run they must stay silent like the rest.
   */
  maySkip?: Record<string, RegExp>;
}

export interface VariantProof {
  /** Server options for the probe beyond the variant; every probe gets a fresh fake clock. */
  options?: ReferenceServerOptions;
  /** The smallest exchange that tells the variant from the default server; returns what it observed. */
  probe: (server: RunningReference, clock: FakeClock) => Promise<unknown>;
  /** What the probe observes on the default server. */
  standard: unknown;
  /** What it observes with only this variant on; must differ from `standard`. */
  variant: unknown;
  /** The runs of the whole command with this variant alone (each a row of the matrix). */
  runs: Omit<VariantRun, 'variants'>[];
}

/** The proofs of one area: exactly its variants, so tsc rejects a misspelt or a missing id. */
export type VariantProofs<A extends Area> = Record<VariantIn<A>, VariantProof>;

/** Ordinary checks: the probe off, a roomy limit, few generated cases. */
export const PLAIN: Pick<VariantRun, 'args' | 'reference'> = {
  args: ['--skip-rate-limit-probe', '--property-runs', '2'],
  reference: {},
};

/**
 * Ordinary checks on a key window of 3 s: the state-over-time look, which waits for a window to pass since
 * the first cancel, then runs without the probe in a few seconds (on PLAIN's minute it is left out).
 */
export const SHORT_WINDOW: Pick<VariantRun, 'args' | 'reference'> = {
  args: PLAIN.args,
  reference: { rateLimit: { limit: 10_000, windowSeconds: 3 } },
};

/**
 * The rate-limit checks (probe and whole-run headers) on a compressed window, with a ban on the first early
 * request, so a probe that ever sent inside a Retry-After would fail its own checks.
 */
export const PROBE = (limit: number, windowSeconds: number): Pick<VariantRun, 'args' | 'reference'> => ({
  args: ['--only', 'RL-'],
  reference: { rateLimit: { limit, windowSeconds }, banAfter: 1 },
});

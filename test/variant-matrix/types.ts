// The shape of the variant matrix: for each run, the reference variants switched on together, how the command
// is run, and what the run must record. Every check that runs must stay silent (pass or info).
import type { ReferenceServerOptions, VariantId } from '../../reference/server.ts';

export interface VariantRun {
  /** Variants switched on together (one, or a combination). */
  variants: VariantId[];
  /** Command arguments beyond the seed. */
  args: string[];
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

// The command's console and the shape of a subcommand: what main.ts hands to the run and to each subcommand.
// Types only, so the files main.ts loads import this and never main.ts itself.
import type { Io } from '../engine/run.ts';
import type { LoadOptions } from '../lib/config/load.ts';

/** Where the command prints: stdout and stderr, one line per call (the run engine's own console shape). */
export type { Io } from '../engine/run.ts';

/** A subcommand: `order-store-conformance NAME ARGS...`, loaded only when called. */
export type Subcommand = (
  args: string[],
  io: Io,
  options: Pick<LoadOptions, 'env' | 'cwd'>,
) => Promise<number>;

// The command's console and the shape of a subcommand: what main.ts hands to the run and to each subcommand.
// Types and the command's words, so the files main.ts loads import this and never main.ts itself.
import type { Io } from '../engine/conduct.ts';
import type { LoadOptions } from '../lib/config/load.ts';
import { renderSettings } from '../lib/config/setting-words.ts';

/** Where the command prints: stdout and stderr, one line per call (the run engine's own console shape). */
export type { Io } from '../engine/conduct.ts';

/** A subcommand: `order-store-conformance NAME ARGS...`, loaded only when called. */
export type Subcommand = (
  args: string[],
  io: Io,
  options: Pick<LoadOptions, 'env' | 'cwd'> & {
    /** The process is the command's own and ends with it (the shim): process-wide settings are its to make. */
    ownsProcess?: boolean;
  },
) => Promise<number>;

/**
 * The console with every setting a line names in the command's words (`--plan / ORDER_STORE_PLAN`): messages
 * below the faces carry settings as tokens (lib/config/setting-ref.ts), and no token reaches a terminal.
 */
export function inCliWords(io: Io): Io {
  return {
    out: (line) => io.out(renderSettings(line, 'cli')),
    err: (line) => io.err(renderSettings(line, 'cli')),
  };
}

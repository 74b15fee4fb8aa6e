// The main command: from argv to exit code (0 conformant, 1 non-conformant, 2 usage, 3 incomplete). It reads
// the configuration, answers --help and --list, and loads the run (conduct.ts) only when there is one to do.

import { helpText } from '../lib/config/help.ts';
import { type Config, type LoadOptions, loadConfig } from '../lib/config/load.ts';
import { EXIT, errorMessage, UsageError } from '../lib/errors.ts';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function listChecks(config: Config, io: Io): Promise<number> {
  const { catalogue } = await import('./catalogue.ts');
  const rows = catalogue(config.only, config.skip);
  for (const c of rows)
    io.out(
      `${c.id.padEnd(34)} ${c.level.padEnd(6)} ${c.rules.join(',').padEnd(28)} ${c.spec.padEnd(48)} ${c.title}`,
    );
  io.out(`${rows.length} checks`);
  return EXIT.conformant;
}

/**
 * Runs the command. `options` carries the environment and working directory the configuration is read
 * from (the process's own when absent), so a caller can run it in-process without touching either.
 */
export async function main(
  argv: string[],
  io: Io = defaultIo,
  options: Pick<LoadOptions, 'env' | 'cwd'> = {},
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(argv, options);
  } catch (e) {
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  }
  if (config.help) {
    io.out(helpText());
    return EXIT.conformant;
  }
  if (config.list) return listChecks(config, io);
  for (const w of config.warnings) io.err(`warning: ${w}`);
  const { runConformance } = await import('./conduct.ts');
  return runConformance(config, io);
}

// The main command: from argv to exit code (0 conformant, 1 non-conformant, 2 usage, 3 incomplete, 4 target
// unreachable). It reads the configuration, answers --version, --help and --list, and loads the run
// (command-run.ts) only when there is one to do.

import type { Config } from '../lib/config/config.ts';
import { closest, distance } from '../lib/config/environment.ts';
import { helpText } from '../lib/config/help.ts';
import { type LoadOptions, loadConfig } from '../lib/config/load.ts';
import { EXIT, errorMessage, exitCodeOfError, UsageError } from '../lib/errors.ts';
import { type Io, inCliWords, type Subcommand } from './io.ts';

/**
 * A line on a standard stream, until the reader goes away: a pipe closed early (`| head`, `| grep -m1`) ends the
 * printing, never the run, which goes on to write its reports and exit with its own code.
 */
function printer(stream: NodeJS.WriteStream): (line: string) => void {
  let open = true;
  stream.on('error', () => {
    open = false;
  });
  return (line) => {
    if (!open || stream.destroyed) return;
    try {
      stream.write(`${line}\n`);
    } catch {
      open = false;
    }
  };
}

let standardIo: Io | undefined;
const defaultIo = (): Io => {
  standardIo ??= { out: printer(process.stdout), err: printer(process.stderr) };
  return standardIo;
};

/** `--version` (or -v, -V) anywhere in the arguments: the version, and nothing else. */
const VERSION_FLAGS = new Set(['--version', '-v', '-V']);

async function listChecks(config: Config, io: Io): Promise<number> {
  for (const line of (await import('./list.ts')).listLines(config.only, config.skip)) io.out(line);
  return EXIT.conformant;
}

/** What is wrong with --only/--skip: a prefix that names no check, or a selection that keeps none. */
async function selectionProblem(config: Config): Promise<string | undefined> {
  return (await import('../engine/catalogue.ts')).selectionProblem(config.only, config.skip);
}

/** The subcommands, by the name that comes first on the command line; anything else is a conformance run. */
const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  baseline: async () => (await import('./baseline.ts')).baselineCommand,
  compare: async () => (await import('./compare.ts')).compareCommand,
  judge: async () => (await import('./judge.ts')).judgeCommand,
  proxy: async () => (await import('./proxy.ts')).proxyCommand,
  verify: async () => (await import('./verify.ts')).verifyCommand,
};

/** The subcommands' names, for the help and the CI recipes' test. */
export const SUBCOMMAND_NAMES: readonly string[] = Object.keys(SUBCOMMANDS);

/** How main() is called: where the configuration is read from, and whether the process ends with it. */
export interface MainOptions extends Pick<LoadOptions, 'env' | 'cwd'> {
  /**
   * The caller exits the process as soon as main() returns (the shim): a run then keeps its signal handlers
   * to the end, since a signal with none installed would kill the process with no exit code of ours.
   */
  exitsAfter?: boolean;
}

/**
 * Runs the command. `options` carries the environment and working directory the configuration is read
 * from (the process's own when absent), so a caller can run it in-process without touching either.
 */
export async function main(
  argv: string[],
  stdio: Io = defaultIo(),
  options: MainOptions = {},
): Promise<number> {
  const io = inCliWords(stdio);
  const name = argv[0];
  if (argv.some((a) => VERSION_FLAGS.has(a)) && (name === undefined || name.startsWith('-'))) {
    const { SUITE } = await import('../lib/report/model.ts');
    io.out(`${SUITE.name} ${SUITE.version}`);
    return EXIT.conformant;
  }
  if (name !== undefined && !name.startsWith('-')) {
    const load = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
    if (!load) {
      const known = Object.keys(SUBCOMMANDS).join(', ') || 'none';
      const guess = closest(name, SUBCOMMAND_NAMES);
      io.err(
        `order-store-conformance: unknown command ${JSON.stringify(name)}${distance(name, guess) <= 2 ? ` (did you mean ${guess}?)` : ''} (commands: ${known}); see --help`,
      );
      return EXIT.usage;
    }
    return (await load())(argv.slice(1), io, {
      env: options.env,
      cwd: options.cwd,
      ...(options.exitsAfter ? { ownsProcess: true } : {}),
    });
  }
  let config: Config;
  try {
    config = loadConfig(argv, options);
  } catch (e) {
    if (e instanceof UsageError) for (const w of e.warnings) io.err(`warning: ${w}`);
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return exitCodeOfError(e);
  }
  if (config.help) {
    io.out(helpText());
    return EXIT.conformant;
  }
  for (const w of config.warnings) io.err(`warning: ${w}`);
  const unmatched = await selectionProblem(config);
  if (unmatched) {
    io.err(`order-store-conformance: ${unmatched}`);
    return EXIT.usage;
  }
  if (config.list) return listChecks(config, io);
  if (config.dryRun) {
    try {
      for (const line of (await import('../engine/dry-run.ts')).dryRunLines(config)) io.out(line);
    } catch (e) {
      io.err(`order-store-conformance: ${errorMessage(e)}`);
      return exitCodeOfError(e);
    }
    return EXIT.conformant;
  }
  const { runCommand } = await import('./command-run.ts');
  return runCommand(config, io, options.exitsAfter === true);
}

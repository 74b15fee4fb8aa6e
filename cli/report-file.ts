// Reads a report.json given on the command line (a file, or a run folder holding one) for the subcommands
// that work on finished runs. Throws an Error saying what is wrong; never reads the environment.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, errorMessage } from '../lib/errors.ts';
import type { Report } from '../lib/report/model.ts';
import type { Io } from './io.ts';

/** The arguments of a subcommand on finished runs: its positionals and `--out FILE`. */
export interface ReportArgs {
  positionals: string[];
  out?: string;
}

/**
 * Reads `[--out FILE] [--help] POSITIONALS` for subcommand `name`; an exit code instead when the arguments are
 * wrong (usage printed on stderr) or --help was asked for (usage on stdout).
 */
export function reportArgs(name: string, usage: string, args: string[], io: Io): ReportArgs | number {
  let parsed: { values: { out?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { out: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (e) {
    io.err(`order-store-conformance ${name}: ${errorMessage(e).split('\n')[0]}. ${usage}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    io.out(usage);
    return EXIT.conformant;
  }
  return {
    positionals: parsed.positionals,
    ...(parsed.values.out !== undefined ? { out: parsed.values.out } : {}),
  };
}

export function readReport(arg: string, cwd: string): Report {
  let path = resolve(cwd, arg);
  if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'report.json');
  let data: Partial<Report>;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as Partial<Report>;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    throw new Error(
      `cannot read the report ${arg} (${why}); give a report.json or a run folder such as reports/latest`,
    );
  }
  if (typeof data.runId !== 'string' || !Array.isArray(data.checks))
    throw new Error(`${arg} is not a report.json of order-store-conformance (no runId and checks)`);
  return data as Report;
}

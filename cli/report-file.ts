// Reads a report.json given on the command line (a file, or a run folder holding one) for the subcommands
// that work on finished runs. Throws an Error saying what is wrong; never reads the environment.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Report } from '../lib/report/model.ts';

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

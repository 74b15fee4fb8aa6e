// `order-store-conformance baseline write REPORT [--out FILE]`: a baseline of known failures from a finished
// run, every failure and warning listed with its message as the reason to edit. Sends nothing.
import { resolve } from 'node:path';
import { EXIT, errorMessage } from '../lib/errors.ts';
import { baselineFrom } from '../lib/report/baseline.ts';
import { writeOutput } from '../lib/report/write.ts';
import type { Io, Subcommand } from './io.ts';
import { readReport, reportArgs } from './report-file.ts';

export const BASELINE_USAGE =
  'Usage: order-store-conformance baseline write REPORT [--out FILE]   (REPORT: a report.json or a run folder; stdout without --out)';

export const baselineCommand: Subcommand = async (args, io: Io, options) => {
  const parsed = reportArgs('baseline', BASELINE_USAGE, args, io);
  if (typeof parsed === 'number') return parsed;
  const [verb, report, ...rest] = parsed.positionals;
  if (verb !== 'write' || report === undefined || rest.length > 0) {
    io.err(`order-store-conformance baseline: expected "write REPORT". ${BASELINE_USAGE}`);
    return EXIT.usage;
  }
  const cwd = options.cwd ?? process.cwd();
  try {
    const baseline = baselineFrom(readReport(report, cwd));
    const text = `${JSON.stringify(baseline, null, 2)}\n`;
    if (parsed.out === undefined) io.out(text.trimEnd());
    else {
      writeOutput(resolve(cwd, parsed.out), text);
      io.err(
        `${parsed.out}: ${baseline.knownFailures.length} known failures; edit each reason before committing it`,
      );
    }
    return EXIT.conformant;
  } catch (e) {
    io.err(`order-store-conformance baseline: ${errorMessage(e)}`);
    return EXIT.usage;
  }
};

// `order-store-conformance baseline write REPORT [--out FILE]`: a baseline of known failures from a finished
// run, every failure and warning listed with its message as the reason to edit. Sends nothing.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, errorMessage } from '../lib/errors.ts';
import { baselineFrom } from '../lib/report/baseline.ts';
import { writeOutput } from '../lib/report/write.ts';
import type { Io, Subcommand } from './main.ts';
import { readReport } from './report-file.ts';

export const BASELINE_USAGE =
  'Usage: order-store-conformance baseline write REPORT [--out FILE]   (REPORT: a report.json or a run folder; stdout without --out)';

export const baselineCommand: Subcommand = async (args, io: Io, options) => {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { out: { type: 'string' }; help: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args,
      options: { out: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (e) {
    io.err(`order-store-conformance baseline: ${errorMessage(e).split('\n')[0]}. ${BASELINE_USAGE}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    io.out(BASELINE_USAGE);
    return EXIT.conformant;
  }
  const [verb, report, ...rest] = parsed.positionals;
  if (verb !== 'write' || report === undefined || rest.length > 0) {
    io.err(`order-store-conformance baseline: expected "write REPORT". ${BASELINE_USAGE}`);
    return EXIT.usage;
  }
  const cwd = options.cwd ?? process.cwd();
  try {
    const baseline = baselineFrom(readReport(report, cwd));
    const text = `${JSON.stringify(baseline, null, 2)}\n`;
    if (parsed.values.out === undefined) io.out(text.trimEnd());
    else {
      writeOutput(resolve(cwd, parsed.values.out), text);
      io.err(
        `${parsed.values.out}: ${baseline.knownFailures.length} known failures; edit each reason before committing it`,
      );
    }
    return EXIT.conformant;
  } catch (e) {
    io.err(`order-store-conformance baseline: ${errorMessage(e)}`);
    return EXIT.usage;
  }
};

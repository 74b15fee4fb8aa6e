// `order-store-conformance compare A B [--out FILE]`: two finished runs side by side in Markdown (new
// failures, fixed checks, changed INFO observations, changed rate-limit figures); exit 1 on a new failure.
import { resolve } from 'node:path';
import { EXIT, errorMessage } from '../lib/errors.ts';
import { compareReports, comparisonMarkdown } from '../lib/report/compare.ts';
import { writeOutput } from '../lib/report/write.ts';
import type { Io, Subcommand } from './io.ts';
import { readReport, reportArgs } from './report-file.ts';

export const COMPARE_USAGE =
  'Usage: order-store-conformance compare A B [--out FILE]   (A, B: report.json files or run folders, A the earlier)';

export const compareCommand: Subcommand = async (args, io: Io, options) => {
  const parsed = reportArgs('compare', COMPARE_USAGE, args, io);
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length !== 2) {
    io.err(`order-store-conformance compare: give two reports. ${COMPARE_USAGE}`);
    return EXIT.usage;
  }
  const cwd = options.cwd ?? process.cwd();
  try {
    const [a, b] = parsed.positionals.map((p) => readReport(p, cwd)) as [
      ReturnType<typeof readReport>,
      ReturnType<typeof readReport>,
    ];
    const comparison = compareReports(a, b);
    const markdown = comparisonMarkdown(comparison, a, b);
    if (parsed.out === undefined) io.out(markdown.trimEnd());
    else writeOutput(resolve(cwd, parsed.out), markdown);
    return comparison.newFailures.length > 0 ? EXIT.nonConformant : EXIT.conformant;
  } catch (e) {
    io.err(`order-store-conformance compare: ${errorMessage(e)}`);
    return EXIT.usage;
  }
};

// `order-store-conformance compare A B [--out FILE]`: two finished runs side by side in Markdown (new
// failures, fixed checks, changed INFO observations, changed rate-limit figures); exit 1 on a new failure.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, errorMessage } from '../lib/errors.ts';
import { compareReports, comparisonMarkdown } from '../lib/report/compare.ts';
import { writeOutput } from '../lib/report/write.ts';
import type { Io, Subcommand } from './main.ts';
import { readReport } from './report-file.ts';

export const COMPARE_USAGE =
  'Usage: order-store-conformance compare A B [--out FILE]   (A, B: report.json files or run folders, A the earlier)';

export const compareCommand: Subcommand = async (args, io: Io, options) => {
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
    io.err(`order-store-conformance compare: ${errorMessage(e).split('\n')[0]}. ${COMPARE_USAGE}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    io.out(COMPARE_USAGE);
    return EXIT.conformant;
  }
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
    if (parsed.values.out === undefined) io.out(markdown.trimEnd());
    else writeOutput(resolve(cwd, parsed.values.out), markdown);
    return comparison.newFailures.length > 0 ? EXIT.nonConformant : EXIT.conformant;
  } catch (e) {
    io.err(`order-store-conformance compare: ${errorMessage(e)}`);
    return EXIT.usage;
  }
};

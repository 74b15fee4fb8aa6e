// `order-store-conformance verify DIR`: recomputes the sha256 of every file of a run folder and names each
// one that differs from SHA256SUMS (exit 1), so a report can be shown unaltered since it was written.
import { existsSync, statSync } from 'node:fs';
import { EXIT } from '../lib/errors.ts';
import { verifyDir } from '../lib/report/checksums.ts';
import type { Io } from './io.ts';

export const VERIFY_USAGE = 'Usage: order-store-conformance verify DIR   (a run folder, e.g. reports/latest)';

export async function verifyCommand(args: string[], io: Io): Promise<number> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.out(VERIFY_USAGE);
    return EXIT.conformant;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    io.err(`order-store-conformance verify: give exactly one run folder. ${VERIFY_USAGE}`);
    return EXIT.usage;
  }
  const dir = args[0]!;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    io.err(
      `order-store-conformance verify: ${dir} is not a folder; give a run folder such as reports/latest`,
    );
    return EXIT.usage;
  }
  const result = verifyDir(dir);
  if (typeof result === 'string') {
    io.err(`order-store-conformance verify: ${result}`);
    return EXIT.usage;
  }
  if (result.length === 0) {
    io.out(`${dir}: every file matches SHA256SUMS`);
    return EXIT.conformant;
  }
  for (const m of result) io.err(`${m.file}: ${m.problem}`);
  io.err(`${dir}: ${result.length} file${result.length === 1 ? '' : 's'} do not match SHA256SUMS`);
  return EXIT.nonConformant;
}

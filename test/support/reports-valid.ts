// vitest globalSetup: every report.json the test suite writes is valid against the shipped
// schemas/report.schema.json. The tests' temporary folders go in a private TMPDIR (inherited by the workers and by
// the commands they spawn with the environment passed on), which the teardown walks: an invalid report fails
// `npm test` with its path and the schema's words. Other sessions' files in /tmp are never read.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '../../lib/formats/validation.ts';
import { ROOT } from './cli.ts';

/** Every file named report.json below `dir` (symbolic links, such as reports/latest, are not followed). */
export function reportFiles(dir: string, out: string[] = []): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // removed meanwhile, or unreadable: nothing of ours
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') reportFiles(path, out);
    else if (e.isFile() && e.name === 'report.json') out.push(path);
  }
  return out;
}

/** The problems of each report.json among `files`: its path, then the schema's first words on it. */
export function invalidReports(files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`);
      continue;
    }
    const { errors } = validate('report', report);
    if (errors.length > 0) problems.push(`${file}: ${errors.slice(0, 5).join('; ')}`);
  }
  return problems;
}

export default function setup(): () => void {
  const started = Date.now();
  const own = mkdtempSync(join(tmpdir(), 'osc-tests-'));
  process.env.TMPDIR = own;
  return () => {
    // The checkout's own reports/ too, for a test that ran the command there (those written since the start).
    const inCheckout = reportFiles(join(ROOT, 'reports')).filter((f) => statSync(f).mtimeMs >= started);
    const files = [...reportFiles(own), ...inCheckout];
    const problems = invalidReports(files);
    if (problems.length > 0) {
      process.stderr.write(
        `\n${problems.length} of the ${files.length} report.json files the tests wrote are invalid against schemas/report.schema.json (kept in ${own}):\n${problems.map((p) => `  ${p}`).join('\n')}\n`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      `\n${files.length} report.json files written by the tests, all valid against the schema\n`,
    );
    rmSync(own, { recursive: true, force: true });
  };
}

// The report writer: the only part of the harness that writes files. report.json is rewritten after every
// check (atomically), so a run that dies halfway still leaves a report marked incomplete.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';
import type { Report } from './model.ts';

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export class ReportWriter {
  readonly dir: string;

  constructor(
    private readonly reportDir: string,
    runId: string,
  ) {
    this.dir = join(reportDir, runId);
  }

  /** Creates the run's folder, points reports/latest at it and writes the report so far. */
  start(report: Report): void {
    mkdirSync(this.dir, { recursive: true });
    this.progress(report);
    const latest = join(this.reportDir, 'latest');
    try {
      rmSync(latest, { force: true, recursive: false });
      symlinkSync(report.runId, latest, 'dir');
    } catch {
      // A filesystem without symlinks still gets the reports; only the shortcut is missing.
    }
  }

  /** Rewrites report.json with the verdicts so far (the report says complete: false until finish). */
  progress(report: Report): void {
    writeAtomic(join(this.dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  }

  /** Writes the final report.json, junit.xml and report.html. */
  finish(report: Report): string[] {
    const files = {
      'report.json': `${JSON.stringify(report, null, 2)}\n`,
      'junit.xml': junitXml(report),
      'report.html': htmlReport(report),
    };
    for (const [name, text] of Object.entries(files)) writeAtomic(join(this.dir, name), text);
    return Object.keys(files).map((f) => join(this.dir, f));
  }
}

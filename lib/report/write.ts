// The report writer: the only part of the harness that writes files. report.json is rewritten as checks end
// (atomically, spaced out: see PROGRESS_COST_FACTOR), so a run that dies halfway still leaves a report marked
// incomplete. Every file goes through `scrub` (the run's redactor) as it is written: the key's last defence.

import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPORT_FORMATS, type ReportFormat } from '../config/config.ts';
import type { Exchange } from '../http/transcript.ts';
import { SUMS_FILE, sumsText } from './checksums.ts';
import { inlineSink } from './file-sink.ts';
import { harBytePieces } from './har.ts';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';
import { reportMarkdown } from './markdown.ts';
import type { Report } from './model.ts';

export type Scrub = (text: string) => string;

/**
 * mkdir -p one level at a time. Node 20's recursive mkdirSync spins forever where mkdir answers ENOENT for a
 * folder whose parent exists (e.g. /proc/x); here any refusal is an error at once.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!existsSync(at)) {
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  if (!statSync(at).isDirectory()) throw new Error(`${at} is not a directory`);
  for (const d of missing) mkdirSync(d);
}

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Every exchange of the run, redacted, beside report.json. */
export const TRANSCRIPT_FILE = 'transcript.har';

/** The least time between two progress rewrites of report.json (a signal or the end always writes it). */
export const PROGRESS_INTERVAL_MS = 250;
/**
 * And at least this many times as long as the last rewrite took: a rewrite builds and scrubs the whole report,
 * which costs more as the run's report grows and as the redactor learns more secrets (a scrub of a default
 * run's report took from 1 ms to 300 ms), so the rewrites never take more than a tenth of the run.
 */
export const PROGRESS_COST_FACTOR = 10;

export class ReportWriter {
  readonly dir: string;
  private lastProgressAt = Number.NEGATIVE_INFINITY;
  /** How long the last progress rewrite took (ms). */
  private lastProgressMs = 0;

  constructor(
    private readonly reportDir: string,
    runId: string,
    private readonly scrub: Scrub = (text) => text,
    private readonly clock: () => number = Date.now,
    /**
     * Names the settings in the face's words (lib/config/setting-words.ts) in every file but the transcript,
     * which holds what the target sent as it was sent.
     */
    private readonly words: Scrub = (text) => text,
  ) {
    this.dir = join(reportDir, runId);
  }

  /** Writes one file of the run folder (worded and scrubbed), replacing it whole. */
  write(name: string, text: string): string {
    const path = join(this.dir, name);
    writeAtomic(path, this.scrub(this.words(text)));
    return path;
  }

  /** Creates the run's folder, points reports/latest at it and writes the report so far. */
  start(report: Report): void {
    makeDirs(this.dir);
    this.progress(report);
    const latest = join(this.reportDir, 'latest');
    try {
      rmSync(latest, { force: true, recursive: false });
      symlinkSync(report.runId, latest, 'dir');
    } catch {
      // A filesystem without symlinks still gets the reports; only the shortcut is missing.
    }
  }

  /**
   * Whether a progress rewrite is due. Rewrites are spaced out: each one builds and scrubs the whole report,
   * which grows with the run, so rewriting after every check made a run's report cost grow with its square.
   */
  progressDue(now = this.clock()): boolean {
    const spacing = Math.max(PROGRESS_INTERVAL_MS, PROGRESS_COST_FACTOR * this.lastProgressMs);
    return now - this.lastProgressAt >= spacing;
  }

  /** Rewrites report.json with the verdicts so far (the report says complete: false until finish). */
  progress(report: Report): void {
    this.lastProgressAt = this.clock();
    this.write('report.json', `${JSON.stringify(report, null, 2)}\n`);
    this.lastProgressMs = this.clock() - this.lastProgressAt;
  }

  /**
   * Writes the final report.json, junit.xml, report.html, report.md (for a CI job summary), the whole redacted transcript (transcript.har),
   * and last SHA256SUMS over them as written (scrubbed), which `order-store-conformance verify DIR` checks.
   */
  finish(
    report: Report,
    exchanges: readonly Exchange[],
    formats: readonly ReportFormat[] = REPORT_FORMATS,
  ): string[] {
    const want = new Set<ReportFormat>(['json', ...formats]);
    const all: Array<[ReportFormat, string, () => string]> = [
      ['json', 'report.json', () => `${JSON.stringify(report, null, 2)}\n`],
      ['junit', 'junit.xml', () => junitXml(report)],
      ['html', 'report.html', () => htmlReport(report)],
      ['md', 'report.md', () => reportMarkdown(report)],
    ];
    const files = new Map<string, string>();
    for (const [format, name, text] of all)
      if (want.has(format)) files.set(name, this.scrub(this.words(text())));
    // The transcript is written (and hashed) entry by entry, each scrubbed: it may hold a million exchanges.
    const har = want.has('har')
      ? this.writePieces(
          TRANSCRIPT_FILE,
          harBytePieces(exchanges, report.suite, `run ${report.runId} against ${report.target.baseUrl}`),
        )
      : undefined;
    const sums = sumsText(files, har ? new Map([[TRANSCRIPT_FILE, har.sha256]]) : undefined);
    for (const [name, text] of files) writeAtomic(join(this.dir, name), text);
    if (har) renameSync(har.tmp, join(this.dir, TRANSCRIPT_FILE));
    writeAtomic(join(this.dir, SUMS_FILE), sums);
    return [...files.keys(), ...(har ? [TRANSCRIPT_FILE] : []), SUMS_FILE].map((f) => join(this.dir, f));
  }

  /**
   * Writes `pieces`, each scrubbed, to a temporary file beside `name`; its place and digest as written.
   */
  private writePieces(name: string, pieces: Iterable<Buffer>): { tmp: string; sha256: string } {
    const tmp = join(this.dir, `${name}.tmp-${process.pid}`);
    const fd = openSync(tmp, 'w');
    try {
      const sink = inlineSink(fd);
      // Each piece is copied into the sink's buffer, handed over when full: joined into a long string first,
      // every megabyte of a million exchanges' transcript was a string too large for the young generation,
      // and the old one grew by gigabytes of them before it was collected.
      let used = 0;
      for (const piece of pieces) {
        // The scrub reads the piece as text; bytes it leaves as they were are copied as they are.
        const text = piece.toString('utf8');
        const scrubbed = this.scrub(text);
        const bytes = scrubbed === text ? piece : Buffer.from(scrubbed, 'utf8');
        if (used + bytes.length > sink.buffer.length) {
          sink.submit(used);
          used = 0;
        }
        if (bytes.length > sink.buffer.length) {
          for (let at = 0; at < bytes.length; ) {
            const n = bytes.copy(sink.buffer, 0, at, Math.min(bytes.length, at + sink.buffer.length));
            sink.submit(n);
            at += n;
          }
          continue;
        }
        sink.buffer.set(bytes, used);
        used += bytes.length;
      }
      sink.submit(used);
      return { tmp, sha256: sink.end() };
    } finally {
      closeSync(fd);
    }
  }

  /** Writes junit.xml (scrubbed) also at `path`, a fixed place for CI to read (--junit-path). */
  copyJunit(path: string, report: Report): void {
    makeDirs(dirname(resolve(path)));
    writeAtomic(path, this.scrub(this.words(junitXml(report))));
  }

  /** Appends the run's Markdown to a CI job summary (GitHub's $GITHUB_STEP_SUMMARY), scrubbed like the reports. */
  appendSummary(path: string, report: Report): void {
    appendFileSync(path, `${this.scrub(this.words(reportMarkdown(report)))}\n`);
  }
}

/** Writes a file the command was asked for (a baseline, a comparison); not part of a run's folder. */
export function writeOutput(path: string, text: string): void {
  writeAtomic(path, text);
}

// The command's run: one conformance run (engine/conduct-run.ts) under the process's signals, then the closing summary,
// GitHub annotations and the exit code. Loaded by main.ts only for a run, so --help, --list and configuration errors
// never load the HTTP client, the suites' machinery or the reporters.

import { type Conducted, conductRun, INTERRUPTED } from '../engine/conduct-run.ts';
import type { Config } from '../lib/config/config.ts';
import { errorMessage, exitCodeOfError } from '../lib/errors.ts';
import { annotations } from '../lib/report/annotations.ts';
import { summary } from '../lib/report/console.ts';
import type { Io } from './io.ts';
import { listenForStop } from './signals.ts';

/**
 * The command's run: the engine's conductRun with the process's signals (Ctrl-C stops the run and writes an incomplete
 * report; a second one writes it at once), the closing summary, GitHub annotations and step summary.
 * `holdSignals`: the process exits when this returns, so the signal handlers are never removed (main.ts).
 */
export async function runCommand(config: Config, io: Io, holdSignals = false): Promise<number> {
  const stop = new AbortController();
  const hurry = new AbortController();
  let finished = false;
  const onSignal = (why: string) => {
    if (finished) return; // the reports are written: what is left is exiting
    if (stop.signal.aborted) {
      io.err(`interrupted again (${why}): writing the reports now`);
      hurry.abort();
      return;
    }
    io.err(`interrupted (${why}): stopping the run and writing an incomplete report`);
    stop.abort();
  };
  const unlisten = listenForStop(onSignal);
  let done: Conducted;
  try {
    done = await conductRun(config, {
      // --quiet: the run's own lines (plan, checks, waits) are dropped; warnings and the summary remain.
      io: config.quiet ? { out: () => {}, err: io.err } : io,
      verbose: config.verbose,
      writeReports: true,
      signal: stop.signal,
      hurry: hurry.signal,
      stopReason: INTERRUPTED,
      ...(config.githubStepSummary !== undefined ? { stepSummary: config.githubStepSummary } : {}),
    });
  } catch (e) {
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return exitCodeOfError(e);
  } finally {
    finished = true;
    // When the process ends with the run, the handlers stay to its exit: a late Ctrl-C is then a no-op,
    // where the default action would kill the process with no exit code of ours.
    if (!holdSignals) unlisten();
  }
  const { report, dir, files, keyRefused, unreachable } = done;
  // A refused key, or a target that answered nothing, judged nothing: one line says what to check, in place of
  // a verdict (the run folder says the same).
  for (const why of [keyRefused, unreachable])
    if (why !== undefined) {
      io.err(`order-store-conformance: ${why}`);
      return report.gate.exitCode;
    }
  io.out(summary(report, dir, files));
  if (config.junitPath !== undefined) io.out(`  junit.xml also at ${config.junitPath}`);
  if (config.githubActions) for (const line of annotations(report)) io.out(line);
  return report.gate.exitCode;
}

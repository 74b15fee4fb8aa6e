// `order-store-conformance judge --har FILE [--har FILE ...]`: judges recorded traffic and writes the same
// reports as a run, with its exit codes, sending nothing. Loaded by main.ts only when called.
import { setFlagsFromString } from 'node:v8';
import { conductJudge } from '../engine/conduct-traffic.ts';
import { Progress } from '../engine/progress.ts';
import { readRecording } from '../engine/recordings.ts';
import { SETTINGS } from '../lib/config/settings.ts';
import {
  loadTrafficConfig,
  PASSIVE_HELP,
  TRAFFIC_SETTINGS,
  type TrafficMode,
} from '../lib/config/traffic-config.ts';
import { EXIT, errorMessage, UsageError } from '../lib/errors.ts';
import { annotations } from '../lib/report/annotations.ts';
import { summary } from '../lib/report/console.ts';
import { terminalLine } from '../lib/report/text/inert.ts';
import { count } from '../lib/words.ts';
import type { Io, Subcommand } from './io.ts';

const USAGE: Record<TrafficMode, string> = {
  judge: 'Usage: order-store-conformance judge --har FILE [--har FILE ...] [--base-url URL] [options]',
  proxy:
    'Usage: order-store-conformance proxy --target URL [--port N] [--duration S | --requests N] [options]',
};

/** The help of a passive command: its usage and its settings, from the settings table. */
export function trafficHelp(mode: TrafficMode): string {
  const lines = [
    USAGE[mode],
    '',
    mode === 'judge'
      ? 'Judges recorded traffic (HAR 1.2) against the spec: every check that traffic can show; the others are "not observed". Sends nothing.'
      : 'Forwards every request to --target unchanged, records the exchanges (redacted), prints findings as they happen, and on Ctrl-C, --duration or --requests writes the same reports as judge. Sends nothing of its own.',
    'Every option has an environment twin; a dotenv file (.env) is read too.',
    '',
  ];
  for (const s of SETTINGS.filter((x) => TRAFFIC_SETTINGS[mode].includes(x.key))) {
    const arg =
      s.kind === 'boolean' ? '' : s.kind === 'list' ? ' A,B' : s.kind === 'integer' ? ' N' : ' VALUE';
    lines.push(
      `  ${s.flag}${arg}`,
      `      ${s.env}${s.default !== '' && s.kind !== 'boolean' ? ` (default ${s.default})` : ''}`,
      `      ${PASSIVE_HELP[s.key] ?? s.help}`,
    );
  }
  lines.push(
    '',
    'Exit codes: 0 conformant on what the traffic showed, 1 non-conformant, 2 usage or configuration error, 3 incomplete.',
  );
  return lines.join('\n');
}

/** Prints the closing summary and annotations of a passive run; returns its exit code. */
export function finishTraffic(
  io: Io,
  report: Parameters<typeof summary>[0],
  dir: string | undefined,
  github: boolean,
): number {
  io.out(summary(report, dir));
  if (github) for (const line of annotations(report)) io.out(line);
  return report.gate.exitCode;
}

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent, in a judge's own process.
 * Left to itself, on a machine with gigabytes free, it grows to three or four times that (100,000 entries: 95
 * MB kept mid-judging, 400 MiB resident); at 30% it collects more often, for some 5-10% more CPU (295 MiB;
 * a million entries 2.1 GiB, not 2.8); at 20%, with the young generation's semi-spaces held to 2 MB (a judge's
 * young objects are the entries it reads, dead by the next one), a million entries peaked some 75 MiB lower
 * (868 MiB, not 943) for the same CPU. Only a process that is the command's own is tuned.
 */
export const JUDGE_HEAP_GROWING_PERCENT = 20;
/** The young generation's largest semi-space in a judge's own process, in MB (see above). */
export const JUDGE_SEMI_SPACE_MB = 2;

export const judgeCommand: Subcommand = async (args, io, options) => {
  if (options.ownsProcess) {
    setFlagsFromString(`--heap-growing-percent=${JUDGE_HEAP_GROWING_PERCENT}`);
    setFlagsFromString(`--max-semi-space-size=${JUDGE_SEMI_SPACE_MB}`);
  }
  try {
    const config = loadTrafficConfig(args, 'judge', {
      env: options.env ?? process.env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    if (config.help) {
      io.out(trafficHelp('judge'));
      return EXIT.conformant;
    }
    // A long reading or judging says how far it is, on stderr: counts only, none for a small recording.
    const progress = new Progress((line) => io.err(line));
    const sources = config.har.map((file) => readRecording(file, progress));
    // The files' names are the recording's text as much as its URLs are: inert on the console.
    io.out(
      terminalLine(
        `order-store-conformance judge: ${sources.map((s) => `${s.name} (${count(s.set.size, 'entry', 'entries')})`).join(', ')}; nothing is sent`,
      ),
    );
    // One line for each entry left unread (the first few), before the verdicts; the report counts them all.
    for (const u of sources.flatMap((s) => s.unread ?? []).slice(0, 3))
      io.err(terminalLine(`order-store-conformance judge: ${u.reason}`));
    const done = await conductJudge(sources, config, {
      io,
      writeReports: true,
      progress,
      ...(config.githubStepSummary !== undefined ? { stepSummary: config.githubStepSummary } : {}),
    });
    return finishTraffic(io, done.report, done.dir, config.githubActions);
  } catch (e) {
    // A refusal quotes the recording (its file name, its URLs): one inert line.
    io.err(terminalLine(`order-store-conformance judge: ${errorMessage(e)}`));
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  }
};

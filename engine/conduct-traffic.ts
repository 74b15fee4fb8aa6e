// A passive run from its recordings (HAR files, or what the proxy forwarded): the recordings read
// (judge-traffic.ts), then the one conductor (conduct.ts) over a source that sends nothing: its verdicts are
// the judgement of the recorded exchanges, its report is marked passive and its transcript holds what was
// judged. Every line and file is scrubbed by the redactor that holds every credential of the recordings.
import type { CheckResult } from '../lib/check/model.ts';
import type { TrafficConfig } from '../lib/config/traffic-config.ts';
import type { UnreadEntry } from '../lib/formats/har.ts';
import type { Transcript } from '../lib/http/transcript.ts';
import type { RunFacts } from '../lib/report/build.ts';
import { newRunId, type TrafficFacts } from '../lib/report/model.ts';
import { ALL_CHECKS, SPEC_RULES } from '../suites/index.ts';
import {
  type Conducted,
  type ConductOptions,
  conduct,
  type ExchangeSource,
  type Judging,
} from './conduct.ts';
import { judgeReading, passivePlan, type Reading, readTraffic, trafficFacts } from './judge-traffic.ts';
import type { Progress } from './progress.ts';
import { joinedSet, type RecordedSet } from './recorded-set.ts';
import { readBaseline } from './run-facts.ts';

/** One recording: a HAR file, or what the proxy forwarded. */
export interface TrafficSource {
  name: string;
  /** Its entries, held or read again from the file when judged (recorded-set.ts). */
  set: RecordedSet;
  sha256?: string;
  /** Entries this harness left unread (nested past what it reads): the report is incomplete for them. */
  unread?: readonly UnreadEntry[];
}

export interface JudgeOptions extends ConductOptions {
  /** Why the recording is not all there is to judge (the proxy's own errors): the report is then incomplete. */
  reasons?: readonly string[];
  /** Where a long judgement says how far it is (the judge command: stderr). */
  progress?: Progress;
}

/** What the report of a passive run records before its first verdict. */
function passiveFacts(
  config: TrafficConfig,
  reading: Reading,
  sources: TrafficFacts['sources'],
  started: Date,
  baseline: RunFacts['baseline'],
): RunFacts {
  return {
    runId: newRunId(started),
    started,
    config: reading.runConfig,
    embedded: false,
    referenceFaults: [],
    selected: reading.selected.map((c) => c.id),
    rateLimitProbe: 'not-selected',
    rules: SPEC_RULES,
    catalogue: ALL_CHECKS,
    plan: passivePlan(reading.selected),
    profile: 'standard',
    failOn: config.failOn,
    ...(baseline ? { baseline } : {}),
    traffic: trafficFacts(config.mode, sources, reading),
  };
}

/** Recordings read, as the conductor's source: judged check by check, nothing sent. */
class RecordedSource implements ExchangeSource {
  readonly redactor: ExchangeSource['redactor'];
  readonly reportDir: string;
  /** What the report's transcript is written from, once judged: the rest of the reading is let go. */
  readonly #transcript: Transcript;
  /** The reading, until judged. */
  #reading: Reading | undefined;

  constructor(
    readonly facts: RunFacts,
    reading: Reading,
    config: TrafficConfig,
    private readonly more: readonly string[],
    private readonly unread: readonly UnreadEntry[],
    private readonly progress: Progress | undefined,
  ) {
    this.redactor = reading.redactor;
    this.reportDir = config.reportDir;
    this.#reading = reading;
    this.#transcript = reading.loaded.transcript;
  }

  async judge(judging: Judging): Promise<void> {
    const reading = this.#reading;
    if (!reading) throw new Error('a recording is judged once');
    try {
      await judgeReading(
        reading,
        (r) => {
          judging.verdict(r);
          judging.progress();
        },
        this.progress ? { progress: this.progress } : {},
      );
    } finally {
      // Judged: only the transcript is written from here on. The list bodies, the store model and every
      // judge's reading keyed by the transcript's array (some 40% of what a long recording holds) are let
      // go before the report and the transcript are written.
      this.#reading = undefined;
      this.#transcript.renew();
    }
  }

  state(results: readonly CheckResult[], final: boolean) {
    return { reasons: final ? this.reasons(results) : [], requestsSent: 0 };
  }

  exchanges() {
    return this.#transcript.all();
  }

  /** Why the judgement is not complete, once it is over. */
  private reasons(results: readonly CheckResult[]): string[] {
    // A verdict over nothing is none: traffic that no MUST check could judge leaves the report incomplete.
    const judged = results.some((r) => r.level === 'MUST' && (r.status === 'pass' || r.status === 'fail'));
    const reasons = [
      ...(judged
        ? []
        : [
            'the traffic showed nothing a MUST check can judge (record a client that lists, cancels, or calls without the key)',
          ]),
      ...this.more,
    ];
    // An entry the harness could not read may hold what would fail a check: the verdict is not complete.
    const { unread } = this;
    if (unread.length > 0)
      reasons.push(
        `${unread.length} recorded entr${unread.length === 1 ? 'y was' : 'ies were'} not judged, nested past what this harness reads (${unread
          .slice(0, 3)
          .map((u) => u.source)
          .join(', ')}${unread.length > 3 ? ', …' : ''}): a limit of the harness`,
      );
    return reasons;
  }
}

/**
 * Judges the recordings and writes the run folder (when asked). A recording with nothing of the API, a base
 * URL that cannot be told, an unreadable baseline or report folder is a UsageError (exit 2).
 */
export async function conductJudge(
  sources: readonly TrafficSource[],
  config: TrafficConfig,
  options: JudgeOptions,
): Promise<Conducted> {
  const started = new Date();
  const baseline = readBaseline(config);
  const set = joinedSet(sources.map((s) => s.set));
  let reading: Reading;
  try {
    // Every entry is read here, its credentials registered with the redactor before anything is recorded.
    reading = readTraffic(set, config, options.progress);
  } finally {
    set.close?.();
  }
  const facts = passiveFacts(
    config,
    reading,
    sources.map((s) => ({ name: s.name, entries: s.set.size, ...(s.sha256 ? { sha256: s.sha256 } : {}) })),
    started,
    baseline,
  );
  const unread = sources.flatMap((s) => s.unread ?? []);
  const source = new RecordedSource(facts, reading, config, options.reasons ?? [], unread, options.progress);
  return conduct(source, options);
}

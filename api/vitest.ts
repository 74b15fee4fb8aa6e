// The vitest adapter (`order-store-conformance/vitest`): in an implementer's own test file,
// conformanceSuite({ baseUrl, apiKey, ... }) registers one test per check, named by id and a short title (so
// -t filters them by id). The run is done once, before them, with its pacing and budget intact; each test then reads
// its check's verdict. Must never send per test: that would lose the order and the pacing of one run.
import { beforeAll, describe, type TestContext, test } from 'vitest';
import type { CheckResult } from '../lib/check/model.ts';
import type { Report } from '../lib/report/model.ts';
import { findingText } from './finding-text.ts';
import {
  type CheckInfo,
  judgeTraffic,
  listChecks,
  type RunOptions,
  runConformance,
  type Settings,
  type Traffic,
  type TrafficSettings,
} from './index.ts';

export interface SuiteOptions {
  /** The describe block's name. */
  name?: string;
  /** The longest the run may take, rate-limit waits included (default 15 minutes). */
  timeoutMs?: number;
  /** Each line the run prints (the plan, one line per check, waits); none by default. */
  onLog?: RunOptions['onLog'];
  /**
   * A line on stderr as each spec area's checks complete (vitest shows nothing until the run ends, a minute
   * or more); on by default when onLog is not given.
   */
  progress?: boolean;
  /** Stops the run (the checks not reached are then skipped, and RUN-COMPLETE fails). */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 15 * 60_000;
const RUN_COMPLETE = 'RUN-COMPLETE the run finished and evaluated every selected check it could';

/** How long a test name's title runs: the id and a short title fit a terminal line. */
const TITLE_CHARS = 60;

/** The title, or within TITLE_CHARS: up to its last whole clause that fits, else at a word with an ellipsis. */
export function shortTitle(title: string): string {
  if (title.length <= TITLE_CHARS) return title;
  // Where the title may be cut: at a clause's end or a word's, never inside quotes, parentheses or braces
  // (a cut there left `with "Accept` for a test name).
  let depth = 0;
  let quoted = false;
  let clause = 0;
  let word = 0;
  for (let i = 0; i < Math.min(title.length, TITLE_CHARS + 1); i++) {
    const c = title[i]!;
    const outside = depth === 0 && !quoted;
    if (c === ' ' && outside) {
      word = i;
      if (/[:;,]/.test(title[i - 1] ?? '')) clause = i - 1;
      else if (title[i + 1] === '(' || title[i + 1] === '{') clause = i;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '(' || c === '{')) depth++;
    else if (!quoted && (c === ')' || c === '}')) depth = Math.max(0, depth - 1);
  }
  if (clause >= TITLE_CHARS / 3) return title.slice(0, clause).trim();
  return `${title.slice(0, word > 0 ? word : TITLE_CHARS).trim()}…`;
}

/** A test's name: the check's id first, so `-t LIST-STATUS-200` or `-t LIST-` selects it, then a short title. */
export function testName(c: Pick<CheckInfo, 'id' | 'title'>): string {
  return `${c.id} ${shortTitle(c.title)}`;
}

/**
 * The ids -t meant, of those whose tests it matched. vitest matches its pattern anywhere in a name, so `LIST-`
 * also matches STATE-LIST-... and EVERY-LIST-...; read as an id, it means the ids that start with it. That
 * reading is taken when one exists: the longest start of a matched id found in every matched name and in no
 * other, which only a pattern that is a plain start of an id leaves. Any other pattern keeps vitest's choice.
 */
export function meantIds(matched: readonly CheckInfo[], all: readonly CheckInfo[]): string[] {
  const names = matched.map(testName);
  const others = all.filter((c) => !matched.includes(c)).map(testName);
  let best = '';
  for (const c of matched)
    for (let n = c.id.length; n > best.length; n--) {
      const start = c.id.slice(0, n);
      if (names.every((x) => x.includes(start)) && !others.some((x) => x.includes(start))) {
        best = start;
        break;
      }
    }
  return best === ''
    ? matched.map((c) => c.id)
    : matched.filter((c) => c.id.startsWith(best)).map((c) => c.id);
}

/** The ids of the checks whose tests vitest will run (after -t and .only), or undefined when every one runs. */
function selectedIds(
  suite: { tasks: readonly { name: string; mode: string }[] },
  checks: CheckInfo[],
): string[] | undefined {
  const running = new Set(suite.tasks.filter((t) => t.mode === 'run').map((t) => t.name));
  const matched = checks.filter((c) => running.has(testName(c)));
  if (matched.length === 0 || matched.length === checks.length) return undefined;
  return meantIds(matched, checks);
}

function verdictOf(ctx: TestContext, report: Report, c: CheckInfo, failOnWarn: boolean): void {
  const r: CheckResult | undefined = report.checks.find((x) => x.id === c.id);
  const known = report.baseline?.known.find((k) => k.id === c.id);
  if (!r) {
    const out = report.evaluation.notEvaluated.find((n) => n.id === c.id);
    ctx.skip(`not evaluated: ${out?.reason ?? 'the run ended before it'}`);
    return;
  }
  if (known) ctx.skip(`known ${r.status} (baseline): ${known.reason}`);
  switch (r.status) {
    case 'pass':
      return;
    case 'info':
      void ctx.annotate(r.message, 'info');
      return;
    case 'skip':
      ctx.skip(r.message);
      return;
    case 'warn':
      if (failOnWarn) throw new Error(findingText(r));
      void ctx.annotate(findingText(r), 'warning');
      return;
    case 'error':
      throw new Error(`harness error (the run is incomplete; no verdict on the target):\n${findingText(r)}`);
    case 'fail':
      throw new Error(findingText(r));
  }
}

/** The tests of one report: one per check, then RUN-COMPLETE; `produce` makes the report once, before them. */
function registerChecks(
  name: string,
  checks: CheckInfo[],
  failOnWarn: boolean,
  timeoutMs: number,
  produce: (ids: string[] | undefined) => Promise<Report>,
): void {
  describe(name, () => {
    let report: Report | undefined;
    let meant: Set<string> | undefined;
    // vitest reads the first parameter's destructuring as the fixtures asked for: none here.
    // biome-ignore lint/correctness/noEmptyPattern: an empty pattern is how vitest is told "no fixtures"
    beforeAll(async ({}, suite) => {
      const ids = selectedIds(suite, checks);
      if (ids) meant = new Set(ids);
      report = await produce(ids);
    }, timeoutMs);
    for (const c of checks)
      test(testName(c), (ctx) => {
        // -t matched its name elsewhere than at the start of its id (LIST- in STATE-LIST-...): not meant.
        if (meant && !meant.has(c.id)) ctx.skip(`not selected: -t names checks by the start of their id`);
        if (!report) throw new Error('the conformance run did not produce a report');
        verdictOf(ctx, report, c, failOnWarn);
      });
    test(RUN_COMPLETE, () => {
      if (!report) throw new Error('the conformance run did not produce a report');
      if (!report.complete)
        throw new Error(
          `the run is incomplete (exit ${report.gate.exitCode}): ${report.incompleteReasons.join('; ')}`,
        );
    });
  });
}

/** A result line of the run: its status and its check's area (the id's first part). */
const RESULT_LINE = /^ {2}(PASS|FAIL|WARN|INFO|SKIP|ERROR)\s+([A-Z0-9]+)-/;

/**
 * Progress from the run's lines: one line per spec area once its checks are done, with their tally; `end`
 * writes the last area's. Never more than one line per area.
 */
export function areaProgress(write: (line: string) => void): { onLog: (line: string) => void; end(): void } {
  let area: string | undefined;
  let tally = new Map<string, number>();
  const flush = () => {
    if (area === undefined) return;
    const n = [...tally.values()].reduce((a, b) => a + b, 0);
    write(
      `order-store-conformance: ${area} done, ${n} ${n === 1 ? 'check' : 'checks'} (${[...tally].map(([s, k]) => `${k} ${s}`).join(', ')})`,
    );
    area = undefined;
  };
  return {
    onLog(line) {
      const m = RESULT_LINE.exec(line);
      if (!m) return;
      if (m[2] !== area) {
        flush();
        area = m[2]!;
        tally = new Map();
      }
      const status = m[1]!.toLowerCase();
      tally.set(status, (tally.get(status) ?? 0) + 1);
    },
    end: flush,
  };
}

/** The run's lines as the suite options ask: the caller's, else progress on stderr unless switched off. */
function logOf(options: SuiteOptions): { onLog?: (line: string) => void; end(): void } {
  if (options.onLog) return { onLog: options.onLog, end: () => {} };
  if (options.progress === false) return { end: () => {} };
  return areaProgress((line) => process.stderr.write(`${line}\n`));
}

/**
 * Registers the conformance checks as vitest tests: one per check the settings select, plus RUN-COMPLETE,
 * which fails when the run could not finish (as the command's exit 3 does). The settings are those of
 * runConformance (the command's, as an object); a wrong one throws here, when the file is collected.
 */
export function conformanceSuite(settings: Settings = {}, options: SuiteOptions = {}): void {
  registerChecks(
    options.name ?? 'order-store-conformance',
    listChecks(settings),
    settings.failOn === 'warn',
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    async (ids) => {
      const log = logOf(options);
      try {
        return await runConformance(ids ? { ...settings, only: ids } : settings, {
          ...(log.onLog ? { onLog: log.onLog } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } finally {
        log.end();
      }
    },
  );
}

/**
 * Registers the checks as vitest tests judged from recorded traffic (judgeTraffic): one per check, a check the
 * traffic does not show skipped as not observed, with the traffic that would show it. `traffic` may be a
 * function, called once before the tests: the recording of an earlier step of the job (a HAR written by the
 * proxy or by Playwright's recordHar). Sends nothing.
 */
export function trafficSuite(
  traffic: Traffic | (() => Traffic | Promise<Traffic>),
  settings: TrafficSettings = {},
  options: Omit<SuiteOptions, 'signal'> = {},
): void {
  registerChecks(
    options.name ?? 'order-store-conformance (traffic)',
    listChecks({
      ...(settings.only ? { only: settings.only } : {}),
      ...(settings.skip ? { skip: settings.skip } : {}),
    }),
    settings.failOn === 'warn',
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    async (ids) =>
      judgeTraffic(
        typeof traffic === 'function' ? await traffic() : traffic,
        ids ? { ...settings, only: ids } : settings,
        {
          ...(options.onLog ? { onLog: options.onLog } : {}),
        },
      ),
  );
}

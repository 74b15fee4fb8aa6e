// Runs one check and turns what happened into a CheckResult: problems become fail/warn/info by level,
// a skip becomes skip with its cause, anything thrown becomes error (the harness broke, so the run is
// incomplete).

import { errorMessage, HarnessError } from '../errors.ts';
import type { SchemaIssue } from '../formats/validation.ts';
import { curlCommand, curlUntil } from '../http/curl.ts';
import type { Redactor } from '../http/redact.ts';
import type { Exchange, Transcript } from '../http/transcript.ts';
import type {
  CheckDefinition,
  CheckMeta,
  CheckResult,
  Level,
  PropertyRecord,
  RateLimitSeries,
  Status,
} from './model.ts';
import { OUTCOME, type Skip, type SkipCause } from './skip.ts';

/** Most exchanges a result carries beyond those its findings cite; the rest are only in transcript.har. */
export const MAX_EVIDENCE = 12;
export const MAX_REPRODUCTIONS = 3;
/** Most schema issues a result carries as data. */
export const MAX_SCHEMA_ISSUES = 20;

export interface Finding {
  expected?: string;
  actual?: string;
  /** The exchange that shows it; it leads the evidence and the reproduction. */
  exchange?: Exchange;
  /** The schema failures it stands for, as data. */
  schema?: SchemaIssue[];
}

/** A reproduction that repeats one request until the target answers `status` (the probe's 429). */
export interface RepeatUntil {
  exchange: Exchange;
  status: number;
  /** Most requests the loop sends. */
  max: number;
  /** Then wait this long (the Retry-After) and send once more, to reproduce the recovery. */
  thenAfterSeconds?: number;
}

class Stop extends Error {}
class Skipped extends Error {}

/** What every check receives; suites extend it with their own facts about the target. */
export interface CheckContext {
  readonly check: CheckMeta;
  /** Records a problem; the check ends fail (MUST), warn (SHOULD) or info (MAY, INFO). */
  problem(message: string, finding?: Finding): void;
  /** Records a problem and ends the check. */
  violation(message: string, finding?: Finding): never;
  /** violation() unless `condition` holds. */
  require(condition: unknown, message: string, finding?: Finding): asserts condition;
  /**
   * Ends the check as skipped, with its cause as data: the kind (input, limit, outcome) and the setting that
   * would let it run, which the reason names (from the settings table).
   */
  skip(reason: string, cause: SkipCause): never;
  skip(why: Skip): never;
  /**
   * What the check judged when nothing is wrong: the message, and how many observations (responses, steps,
   * cases) it rests on. Zero observations is no pass: the check ends not evaluated, with the message as why.
   */
  observe(message: string, judged: number): void;
  /** A line of detail for the report. */
  note(message: string): void;
  /** Attaches exchanges (e.g. ones another check sent) as evidence. */
  evidence(...exchanges: Exchange[]): void;
  /** Records a property's seed and path (and replay flags) for the report. */
  property(record: PropertyRecord): void;
  /** Attaches the rate-limit headers of a sequence of requests, which the report plots. */
  series(series: RateLimitSeries): void;
  /** Reproduces the finding with a bounded loop rather than one curl line per exchange. */
  reproduceUntil(repeat: RepeatUntil): void;
}

export function statusFor(level: Level, problems: number): Status {
  if (problems === 0) return level === 'INFO' ? 'info' : 'pass';
  if (level === 'MUST') return 'fail';
  return level === 'SHOULD' ? 'warn' : 'info';
}

export interface RunCheckEnv<C> {
  suite: string;
  transcript: Transcript;
  redactor: Redactor;
  /** Called before run: a skip (an unmet need), or undefined. */
  unmetNeed(check: CheckMeta): Skip | undefined;
  /** Builds the suite's context around the base one. */
  context(base: CheckContext): C;
  /** Told which check is current, so the HTTP client can tag exchanges with it. */
  setCurrent(checkId: string | undefined): void;
  now?: () => number;
}

export async function runCheck<C>(check: CheckDefinition<C>, env: RunCheckEnv<C>): Promise<CheckResult> {
  const now = env.now ?? Date.now;
  const started = now();
  const problems: string[] = [];
  const details: string[] = [];
  const attached: Exchange[] = [];
  const lead: Exchange[] = [];
  let observed: string | undefined;
  let judged: number | undefined;
  let expected: string | undefined;
  let actual: string | undefined;
  let skipped: Skip | undefined;
  let error: string | undefined;
  const schemaIssues: SchemaIssue[] = [];
  let property: PropertyRecord | undefined;
  let series: RateLimitSeries | undefined;
  let repeat: RepeatUntil | undefined;

  const problem = (message: string, f: Finding = {}): void => {
    problems.push(message);
    if (problems.length === 1) {
      expected = f.expected;
      actual = f.actual;
    }
    if (f.exchange) lead.push(f.exchange);
    for (const issue of f.schema ?? []) {
      const same = schemaIssues.some((i) => i.path === issue.path && i.expected === issue.expected);
      if (!same && schemaIssues.length < MAX_SCHEMA_ISSUES) schemaIssues.push(issue);
    }
  };
  const base: CheckContext = {
    check,
    problem,
    violation(message, f) {
      problem(message, f);
      throw new Stop();
    },
    require(condition, message, f) {
      if (!condition) base.violation(message, f);
    },
    skip(why: string | Skip, cause?: SkipCause): never {
      skipped = typeof why === 'string' ? { reason: why, cause: cause! } : why;
      throw new Skipped();
    },
    observe(message, n) {
      observed = message;
      judged = n;
    },
    note(message) {
      details.push(message);
    },
    evidence(...exchanges) {
      attached.push(...exchanges);
    },
    property(record) {
      property = record;
    },
    series(s) {
      series = s;
    },
    reproduceUntil(r) {
      repeat = r;
      attached.push(r.exchange);
    },
  };

  const firstSeq = env.transcript.size;
  env.setCurrent(check.id);
  try {
    skipped = env.unmetNeed(check);
    if (skipped === undefined) await check.run(env.context(base));
  } catch (e) {
    if (!(e instanceof Stop) && !(e instanceof Skipped)) {
      error = e instanceof HarnessError ? `${e.code}: ${e.message}` : `E_INTERNAL: ${errorMessage(e)}`;
    }
  } finally {
    env.setCurrent(undefined);
  }

  // No pass without evidence: a check that found nothing wrong must say what it judged, and over how much.
  if (error === undefined && skipped === undefined && problems.length === 0) {
    if (observed === undefined)
      error = 'E_INTERNAL: the check ended without a finding and without saying what it judged';
    else if (judged === 0) skipped = { reason: `nothing to judge: ${observed}`, cause: OUTCOME };
  }
  const status: Status =
    error !== undefined ? 'error' : skipped !== undefined ? 'skip' : statusFor(check.level, problems.length);
  const message =
    error ??
    skipped?.reason ??
    (problems.length > 0
      ? problems.length === 1
        ? problems[0]!
        : `${problems[0]} (and ${problems.length - 1} more)`
      : observed!);
  if (problems.length > 1) details.unshift(...problems.map((p) => `problem: ${p}`));

  const sent = env.transcript.all().slice(firstSeq);
  // Every exchange a finding cites is kept, however many; the others fill up to MAX_EVIDENCE, and the
  // rest are in transcript.har, which holds every exchange of the run.
  const cited = dedupe(lead);
  const evidence = dedupe([...cited, ...attached, ...sent]);
  const kept = Math.max(MAX_EVIDENCE, cited.length);
  const shown = evidence.slice(0, kept).sort((a, b) => a.seq - b.seq);
  if (evidence.length > kept) {
    const left = evidence.slice(kept).map((x) => x.seq);
    details.push(
      `${left.length} more exchanges in transcript.har (#${Math.min(...left)} to #${Math.max(...left)})`,
    );
  }
  const reproFrom = dedupe([...lead, ...attached]).length > 0 ? dedupe([...lead, ...attached]) : sent;
  const expressions = env.redactor.expressions();
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    spec: check.spec,
    rules: [...check.rules],
    requirement: check.requirement,
    ...(check.rationale !== undefined ? { rationale: check.rationale } : {}),
    ...(check.basis ? { basis: check.basis.map((b) => ({ source: b.source, text: b.text })) } : {}),
    suite: env.suite,
    status,
    message,
    ...(status === 'skip' && skipped ? { cause: skipped.cause } : {}),
    ...((status === 'pass' || status === 'info') && judged !== undefined ? { judged } : {}),
    details,
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
    ...(schemaIssues.length > 0 ? { schemaIssues } : {}),
    ...(property !== undefined ? { property } : {}),
    ...(series !== undefined ? { rateLimitSeries: series } : {}),
    exchanges: shown,
    ...(cited.length > 0 ? { cited: cited.map((x) => x.seq) } : {}),
    reproduction: repeat
      ? [curlUntil(repeat.exchange.request, expressions, repeat.status, repeat.max, repeat.thenAfterSeconds)]
      : reproFrom.slice(0, MAX_REPRODUCTIONS).map((x) => curlCommand(x.request, expressions)),
    startedAt: new Date(started).toISOString(),
    durationMs: now() - started,
  };
}

function dedupe(exchanges: Exchange[]): Exchange[] {
  const bySeq = new Map<number, Exchange>();
  for (const x of exchanges) if (!bySeq.has(x.seq)) bySeq.set(x.seq, x);
  return [...bySeq.values()];
}

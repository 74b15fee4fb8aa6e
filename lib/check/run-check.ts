// Runs one check and turns what happened into a CheckResult: problems become fail/warn/info by level,
// a skip becomes skip with its cause, anything thrown becomes error (the harness broke, so the run is
// incomplete). Whatever goes wrong inside a check, building its result included, ends that check in error:
// never the run. What a check records is kept within bounds (findings.ts).

import { flagAndEnv } from '../config/settings.ts';
import { errorMessage, HarnessError } from '../errors.ts';
import { curlCommand, curlUntil } from '../http/curl.ts';
import type { Redactor } from '../http/redact.ts';
import type { Exchange, Transcript } from '../http/transcript.ts';
import { bounded, type Finding, Findings, type RepeatUntil } from './findings.ts';
import type {
  CheckDefinition,
  CheckMeta,
  CheckResult,
  Level,
  PropertyRecord,
  RateLimitSeries,
  Status,
} from './model.ts';
import { runLive } from './model.ts';
import { limit, OUTCOME, type Skip, type SkipCause, SkipSignal } from './skip.ts';

export { type Finding, MAX_DETAILS, MAX_SCHEMA_ISSUES, MAX_TEXT, type RepeatUntil } from './findings.ts';

/** Most exchanges a result carries beyond those its findings cite; the rest are only in transcript.har. */
export const MAX_EVIDENCE = 12;
export const MAX_REPRODUCTIONS = 3;

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
   * cases) it rests on, and (`on`) the exchanges those are when it can name them. Zero observations is no
   * pass: the check ends not evaluated, with the message as why. Nor is a pass whose every answer (those of
   * `on`, else those it sent and attached) was a refusal of the limiter or a front (RunCheckEnv.refusal),
   * unless the check judges refusals (CheckMeta.judgesRefusals).
   */
  observe(message: string, judged: number, on?: readonly Exchange[]): void;
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
  /**
   * Why an answer says nothing of what was asked, as it is a refusal of the limiter (a 429) or of a front
   * before routing, or undefined. Default: a 429.
   */
  refusal?(x: Exchange): string | undefined;
  /**
   * A skip for a harness error that is the target's doing, not the harness's (a request not sent because the
   * target banned the key): the check is left out naming the check that judges it. Undefined: an error.
   */
  harnessSkip?(e: HarnessError): Skip | undefined;
  now?: () => number;
}

/** The default refusal: the limiter's 429 (RFC 6585 §4), which answers nothing of what was asked. */
export const limiterRefusal = (x: Exchange): string | undefined =>
  x.response?.status === 429 ? '429 (the rate limiter)' : undefined;

/** Builds the context a check runs with around what it records. */
function contextFor(check: CheckMeta, found: Findings): CheckContext {
  const base: CheckContext = {
    check,
    problem: (message, f) => found.problem(message, f),
    violation(message, f) {
      found.problem(message, f);
      throw new Stop();
    },
    require(condition, message, f) {
      if (!condition) base.violation(message, f);
    },
    skip(why: string | Skip, cause?: SkipCause): never {
      found.skipped = typeof why === 'string' ? { reason: why, cause: cause! } : why;
      throw new Skipped();
    },
    observe(message, n, on) {
      found.observed = bounded(message);
      found.judged = n;
      if (on !== undefined) found.observedOn = [...on];
    },
    note: (message) => found.note(message),
    evidence: (...exchanges) => found.attach(exchanges),
    property(record) {
      found.property = record;
    },
    series(s) {
      found.series = s;
    },
    reproduceUntil(r) {
      found.repeat = r;
      found.attach([r.exchange]);
    },
  };
  return base;
}

/** What ended the check: undefined when it ran to its end (or stopped on a violation or a skip). */
function errorOf(e: unknown): string | undefined {
  if (e instanceof Stop || e instanceof Skipped) return undefined;
  return e instanceof HarnessError ? `${e.code}: ${e.message}` : `E_INTERNAL: ${errorMessage(e)}`;
}

/** Runs the check (unless a need is unmet), returning the error that ended it, if any. */
async function execute<C>(
  check: CheckDefinition<C>,
  env: RunCheckEnv<C>,
  found: Findings,
): Promise<string | undefined> {
  env.setCurrent(check.id);
  try {
    found.skipped = env.unmetNeed(check);
    if (found.skipped === undefined) await runLive(check, env.context(contextFor(check, found)));
    return undefined;
  } catch (e) {
    // A request the run refused to send: what the check found before stands, else it is left out.
    if (e instanceof SkipSignal) {
      if (found.problems > 0) found.note(`it stopped there: ${e.skip.reason}`);
      else found.skipped = e.skip;
      return undefined;
    }
    const skip = e instanceof HarnessError ? env.harnessSkip?.(e) : undefined;
    if (skip === undefined) return errorOf(e);
    found.skipped = skip;
    return undefined;
  } finally {
    env.setCurrent(undefined);
  }
}

/**
 * Why a pass is none: every answer it rests on (those the check named, else those it sent and attached) was a
 * refusal of the limiter or a front, which says nothing of what was asked. The client had already waited each
 * refusal out (Retry-After, backoff) and asked once more; the limit did not lift within that.
 */
export function refusedOnly(
  check: CheckMeta,
  found: Findings,
  sent: readonly Exchange[],
  refusal: (x: Exchange) => string | undefined,
): Skip | undefined {
  if (check.judgesRefusals) return undefined;
  const on = found.observedOn ?? dedupe([...sent, ...found.attached]);
  const answered = on.filter((x) => x.response !== undefined);
  if (answered.length === 0) return undefined;
  const why = new Map<string, number>();
  for (const x of answered) {
    const w = refusal(x);
    if (w === undefined) return undefined;
    why.set(w, (why.get(w) ?? 0) + 1);
  }
  const kinds = [...why].map(([w, n]) => `${n} × ${w}`).join(', ');
  return {
    reason: `not judged: every answer it rests on was a refusal, not the service's answer to what was asked (${kinds}, #${answered[0]!.seq}${answered.length > 1 ? ` to #${answered.at(-1)!.seq}` : ''}); the limit did not lift within the waits the run allows (each Retry-After and its backoff, then one retry; ${flagAndEnv('maxWaitSeconds')} bounds them)`,
    cause: limit('maxWaitSeconds'),
  };
}

/** The status and message of the check from what it recorded and how it ended. */
function verdictOf(level: Level, found: Findings, thrown: string | undefined) {
  let error = thrown === undefined ? undefined : bounded(thrown);
  // No pass without evidence: a check that found nothing wrong must say what it judged, and over how much.
  if (error === undefined && found.skipped === undefined && found.problems === 0) {
    if (found.observed === undefined)
      error = 'E_INTERNAL: the check ended without a finding and without saying what it judged';
    else if (found.judged === 0)
      found.skipped = { reason: `nothing to judge: ${found.observed}`, cause: OUTCOME };
  }
  const status: Status =
    error !== undefined ? 'error' : found.skipped !== undefined ? 'skip' : statusFor(level, found.problems);
  const message =
    error ??
    (found.skipped ? bounded(found.skipped.reason) : undefined) ??
    (found.problems > 0 ? found.problemMessage() : found.observed!);
  return { status, message };
}

/**
 * The exchanges the result carries: every one a finding cites, however many (each is a request the run sent),
 * then the others up to MAX_EVIDENCE; and a line for those left to transcript.har.
 */
function evidenceOf(found: Findings, sent: readonly Exchange[]) {
  const cited = [...found.cited.values()];
  const evidence = dedupe([...cited, ...found.attached, ...sent]);
  const kept = Math.max(MAX_EVIDENCE, cited.length);
  const shown = evidence.slice(0, kept).sort((a, b) => a.seq - b.seq);
  let note: string | undefined;
  if (evidence.length > kept) {
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (const x of evidence.slice(kept)) {
      low = Math.min(low, x.seq);
      high = Math.max(high, x.seq);
    }
    note = `${evidence.length - kept} more exchanges in transcript.har (#${low} to #${high})`;
  }
  const leading = dedupe([...cited, ...found.attached]);
  return { cited, shown, note, reproFrom: leading.length > 0 ? leading : sent };
}

function reproductionOf(found: Findings, from: readonly Exchange[], redactor: Redactor): string[] {
  const expressions = redactor.expressions();
  const r = found.repeat;
  if (r) return [curlUntil(r.exchange.request, expressions, r.status, r.max, r.thenAfterSeconds)];
  return from.slice(0, MAX_REPRODUCTIONS).map((x) => curlCommand(x.request, expressions));
}

/** The check's identity as every result carries it. */
function metaOf(check: CheckMeta, suite: string) {
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    spec: check.spec,
    rules: [...check.rules],
    requirement: check.requirement,
    ...(check.rationale !== undefined ? { rationale: check.rationale } : {}),
    ...(check.basis ? { basis: check.basis.map((b) => ({ source: b.source, text: b.text })) } : {}),
    suite,
  };
}

function resultOf(
  check: CheckMeta,
  env: RunCheckEnv<unknown>,
  found: Findings,
  thrown: string | undefined,
  sent: readonly Exchange[],
  timing: { startedAt: string; durationMs: number },
): CheckResult {
  // No pass on refusals alone: a check that found nothing wrong in answers that were all refusals judged nothing.
  if (thrown === undefined && found.skipped === undefined && found.problems === 0 && found.judged)
    found.skipped = refusedOnly(check, found, sent, env.refusal ?? limiterRefusal);
  const { status, message } = verdictOf(check.level, found, thrown);
  const evidence = evidenceOf(found, sent);
  const details = found.details();
  if (evidence.note) details.push(evidence.note);
  return {
    ...metaOf(check, env.suite),
    status,
    message,
    ...(status === 'skip' && found.skipped ? { cause: found.skipped.cause } : {}),
    ...((status === 'pass' || status === 'info') && found.judged !== undefined
      ? { judged: found.judged }
      : {}),
    details,
    ...(found.expected !== undefined ? { expected: found.expected } : {}),
    ...(found.actual !== undefined ? { actual: found.actual } : {}),
    ...(found.schemaIssues.length > 0 ? { schemaIssues: found.schemaIssues } : {}),
    ...(found.property !== undefined ? { property: found.property } : {}),
    ...(found.series !== undefined ? { rateLimitSeries: found.series } : {}),
    exchanges: evidence.shown,
    ...(evidence.cited.length > 0 ? { cited: evidence.cited.map((x) => x.seq) } : {}),
    reproduction: reproductionOf(found, evidence.reproFrom, env.redactor),
    ...timing,
  };
}

export async function runCheck<C>(check: CheckDefinition<C>, env: RunCheckEnv<C>): Promise<CheckResult> {
  const now = env.now ?? Date.now;
  const started = now();
  const found = new Findings();
  const firstSeq = env.transcript.size;
  const thrown = await execute(check, env, found);
  const timing = () => ({ startedAt: new Date(started).toISOString(), durationMs: now() - started });
  const sent = env.transcript.all().slice(firstSeq);
  try {
    return resultOf(check, env as RunCheckEnv<unknown>, found, thrown, sent, timing());
  } catch (e) {
    // Building the result broke (our bug): still this check's error, never the run's end.
    return {
      ...metaOf(check, env.suite),
      status: 'error',
      message: bounded(`E_INTERNAL: the result of the check could not be built: ${errorMessage(e)}`),
      details: [],
      exchanges: [],
      reproduction: [],
      ...timing(),
    };
  }
}

function dedupe(exchanges: readonly Exchange[]): Exchange[] {
  const bySeq = new Map<number, Exchange>();
  for (const x of exchanges) if (!bySeq.has(x.seq)) bySeq.set(x.seq, x);
  return [...bySeq.values()];
}

// The context a check runs with: what it may record (problems, skips, what it judged, evidence) and how a
// violation or a skip ends it. Only records into Findings (findings.ts); judges nothing itself.

import type { Exchange } from '../http/transcript.ts';
import { bounded, type Finding, type Findings, type RepeatUntil } from './findings.ts';
import type { CheckMeta, PropertyRecord, RateLimitSeries } from './model.ts';
import type { Skip, SkipCause } from './skip.ts';

/** Thrown by violation(): the check ends on the problem it recorded. */
class Stop extends Error {}
/** Thrown by skip(): the check ends as skipped. */
class Skipped extends Error {}

/** Whether `e` is how a check ended itself (a violation or a skip) rather than something that went wrong. */
export const endedItself = (e: unknown): boolean => e instanceof Stop || e instanceof Skipped;

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
  /** Reproduces the finding with one curl that sends these exchanges' requests on one connection, in order. */
  reproduceOnOneConnection(...exchanges: Exchange[]): void;
}

/** Builds the context a check runs with around what it records. */
export function contextFor(check: CheckMeta, found: Findings): CheckContext {
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
    reproduceOnOneConnection(...exchanges) {
      found.oneConnection = exchanges;
      found.attach(exchanges);
    },
  };
  return base;
}

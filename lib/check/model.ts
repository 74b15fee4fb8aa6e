// The check model: a check is data (id, spec, level, requirement, basis, title, needs) plus one
// run function. Nothing here knows a specific check; suites/ defines them, run-check.ts runs them.
import type { SchemaIssue } from '../formats/validation.ts';
import type { Exchange } from '../http/transcript.ts';
import type { SkipCause } from './skip.ts';

export type Level = 'MUST' | 'SHOULD' | 'MAY' | 'INFO';
export type Status = 'pass' | 'fail' | 'warn' | 'info' | 'skip' | 'error';

/** A sending the run makes once on behalf of every check that reads it (the order list, say). */
export interface Sending {
  /** Requests it may send. */
  requests: number;
  /**
   * Plus one request per generated case of a property (--property-runs). The cases are cut to the budget
   * left (lib/check/property.ts), so only the rest must fit for the check to run.
   */
  generated?: boolean;
  /**
   * Requests it may send under --exhaustive, every case of its catalogue, instead of `requests`, which is
   * then its default sample's (sized so a default run fits one Free-plan minute). Unset: no sample, the
   * same in both modes.
   */
  exhaustive?: number;
  /**
   * Pending orders it cancels, taken from --cancellable-order-ids. Taken once, by the sending: a check that
   * reads it after it was sent needs none of its own (the first cancel's fixture is its readers').
   */
  cancellable?: number;
}

/** What must hold before a check runs; an unmet need is a skip whose reason names the enabling setting. */
export interface Needs extends Sending {
  /**
   * The shared sendings the check reads, by a name unique in the run: each costs its requests once, to the
   * first check that runs with it. `requests` and `generated` are then what the check sends of its own.
   */
  shared?: Readonly<Record<string, Sending>>;
  /** A known shipped order (--shipped-order-ids). */
  shipped?: boolean;
  /**
   * The pending fixture held back from the start of the run for checks that come after the rate-limit probe
   * (the state area's), which would otherwise find every fixture spent; there is one when at least two are given.
   */
  held?: boolean;
  /** A second API key (--second-api-key). */
  secondKey?: boolean;
  /** Part of the rate-limit probe (off with --skip-rate-limit-probe). */
  probe?: boolean;
  /** The key's plan of the spec's §8 table (--plan), not the run's plan. */
  keyPlan?: boolean;
  /** An opt-in the run must be given, as the check spends more than the usual (--burst). */
  optIn?: 'burst';
  /**
   * It puts the live key in a URL, which access logs, proxies and APM tools keep: only with the user's opt-in
   * (--allow-key-in-url) or to the embedded target, whose demo key it is.
   */
  keyInUrl?: boolean;
}

/**
 * A sentence that obliges the server to do what a check demands, quoted where it stands: in the spec, or in
 * an RFC (whose quoted sentences the repository keeps in docs/rfc-excerpts.md).
 */
export interface Basis {
  /**
   * Where it stands: `spec §5 rule 4`, `spec §4 cancelOrder table`, `spec §2 Error` (a section, then a part
   * named by its heading or operation name, then a rule or its table), or `RFC 9110 §11.6.1`.
   */
  source: string;
  /** The sentence (or table row), verbatim: only whitespace may differ. */
  text: string;
}

export interface CheckMeta {
  /** Stable, never reused or renumbered. */
  id: string;
  /** Where the requirement comes from: 'spec §4 cancelOrder rule 3', 'RFC 9110 §11.6.1'. */
  spec: string;
  level: Level;
  /** The spec rules it tests, by id from the rule catalogue (e.g. '4.cancel.r3'); at least one. */
  rules: readonly string[];
  /** The requirement in one sentence. */
  requirement: string;
  /**
   * Why the requirement has its level, when that needs saying: which sentence makes it a MUST, why only a
   * SHOULD, why only recorded (INFO), what tolerance it allows. The HTML report shows it under the requirement.
   */
  rationale?: string;
  /**
   * The sentences that bind the server to the requirement: required for MUST and SHOULD; an INFO check may
   * name the sentence it observes against. A sentence binding only a client, a sender of requests, or saying
   * MAY is no basis for a MUST or SHOULD.
   */
  basis?: readonly Basis[];
  /** What the check sends. */
  title: string;
  needs: Needs;
  /**
   * It judges the limiter's refusals themselves (429s, their fields, what they leave unchanged): a pass resting
   * on refusals alone is still a pass. Every other check's pass whose every answer was a refusal of the
   * limiter or a front is no pass (verdict.ts): it was not judged.
   */
  judgesRefusals?: true;
  /**
   * A sampling check's catalogue of cases, by kind (how each reads in a finding): docs/checks.md lists them;
   * the default run sends a sample, --exhaustive every one.
   */
  cases?: Readonly<Record<string, readonly string[]>>;
}

/** How a recording (`judge --har`, `proxy`) shows a check whose judge reads it. */
export interface Recorded {
  /** The traffic that would show it: the report's "not observed" names it (e.g. "a 429 and the request after it"). */
  shows: string;
  /** It reads X-RateLimit-* per credential bucket: exchanges of a credential beyond the two keys stay out. */
  buckets?: true;
}

/** Why no recording can show a check: only what this suite sends, as it sends it, shows it. */
export interface Unrecorded {
  /** The traffic only this suite sends (for the report's "not observed"): e.g. "the rate-limit probe's walk". */
  only: string;
}

/**
 * A check is one declaration and one judge. `judge` reads the exchanges of a run, live or recorded alike (it
 * sends nothing of its own; a shared sending it reads, Needs.shared, is sent once in a live run and stood in
 * for by the recording in a passive one); `send`, live only, sends what the judge needs that no other check
 * sends. A check whose judging is its sending (the rate-limit probe's walk, a property's shrinking) has `run`
 * instead, and says in `recorded` why no recording can show it.
 */
export interface CheckDefinition<C> extends CheckMeta {
  /** Live only, before the judge: the requests this check asks the run to send. */
  send?(ctx: C): Promise<void>;
  /** Its one judge, over the exchanges of the run (live, after `send`) or of a recording. */
  judge?(ctx: C): Promise<void>;
  /** Sends and judges in one, live only (no `send` or `judge` beside it; `recorded` says why). */
  run?(ctx: C): Promise<void>;
  /** How a recording shows it (a check with `judge`), or why none can (one with `run`). */
  recorded: Recorded | Unrecorded;
  /**
   * Why its requirement binds a request the server died on (no answer, every later connection refused:
   * server-died.ts), or undefined: the check then fails (or warns) on that request, whatever else it met.
   */
  unanswered?(x: Exchange): string | undefined;
}

/** What a live run does for a check: its own run, or its sending then its judge. */
export async function runLive<C>(check: CheckDefinition<C>, ctx: C): Promise<void> {
  if (check.run) return check.run(ctx);
  await check.send?.(ctx);
  await check.judge!(ctx);
}

/** Whether a recording can show the check: it has a judge of recorded traffic. */
export const judgesRecordings = <C>(
  check: CheckDefinition<C>,
): check is CheckDefinition<C> & { judge(ctx: C): Promise<void>; recorded: Recorded } =>
  typeof check.judge === 'function' && 'shows' in check.recorded;

/**
 * A check as a suite writes it: its `spec` may be left out where it would only repeat the sources of its
 * basis, which defineCheck then joins (`spec §8 rule 1; RFC 9110 §5.3`).
 */
export type CheckInput<C> = Omit<CheckDefinition<C>, 'spec'> & { spec?: string };

/** The sources of a basis, each once, in order: the `spec` of a check that states none of its own. */
export const specOfBasis = (basis: readonly Basis[] = []): string =>
  [...new Set(basis.map((b) => b.source))].join('; ');

export interface SuiteDefinition<C> {
  /** Prefix shared by the ids of its checks. */
  id: string;
  title: string;
  spec: string;
  checks: CheckDefinition<C>[];
}

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

export function defineCheck<C>(input: CheckInput<C>): CheckDefinition<C> {
  const check: CheckDefinition<C> = { ...input, spec: input.spec ?? specOfBasis(input.basis) };
  if (!ID.test(check.id)) throw new Error(`check id ${check.id} must be UPPER-KEBAB-CASE`);
  if (!check.spec || !check.requirement || !check.title || check.rules.length === 0)
    throw new Error(`check ${check.id} lacks spec, rules, requirement or title`);
  if (input.spec !== undefined && input.spec === specOfBasis(input.basis))
    throw new Error(`check ${check.id} states the spec its basis gives: leave spec out`);
  if ((check.level === 'MUST' || check.level === 'SHOULD') && (check.basis?.length ?? 0) === 0)
    throw new Error(
      `check ${check.id} is ${check.level} but names no basis: the sentence of the spec or an RFC that binds the server`,
    );
  if ((check.run === undefined) === (check.judge === undefined))
    throw new Error(`check ${check.id} needs a judge (and may send), or a run: exactly one of them`);
  if (check.run && check.send) throw new Error(`check ${check.id} has a run: its sending is in it`);
  if (check.judge && !(check.recorded && 'shows' in check.recorded))
    throw new Error(`check ${check.id} has a judge: say in recorded.shows what traffic shows it`);
  if (check.run && !('only' in check.recorded))
    throw new Error(`check ${check.id} has a run: say in recorded.only why no recording shows it`);
  for (const b of check.basis ?? [])
    if (!b.source.trim() || !b.text.trim())
      throw new Error(`check ${check.id} has a basis without source or text`);
  return check;
}

export function defineSuite<C>(suite: SuiteDefinition<C>): SuiteDefinition<C> {
  for (const c of suite.checks) {
    if (!c.id.startsWith(`${suite.id}-`))
      throw new Error(`check ${c.id} does not carry its suite prefix ${suite.id}-`);
  }
  return suite;
}

/** Checks whose id starts with one of `only` (when given) and with none of `skip`. */
export function selectChecks<T extends { id: string }>(
  checks: readonly T[],
  only: string[],
  skip: string[],
): T[] {
  const match = (id: string, prefixes: string[]) => prefixes.some((p) => id.startsWith(p.toUpperCase()));
  return checks.filter((c) => (only.length === 0 || match(c.id, only)) && !match(c.id, skip));
}

/** A property's replay data: its seed and, when it found a counterexample, the path and the flags. */
export interface PropertyRecord {
  seed: number;
  path: string | null;
  /** The flags that send only the counterexample again, e.g. `--only ID-X --seed 7 --replay-path ID-X:4:1`. */
  replay?: string;
}

/** One response of a sequence whose rate-limit headers the report plots (the rate-limit probe). */
export interface RateLimitPoint {
  /** The exchange's number in the transcript. */
  seq: number;
  phase: 'reading' | 'walk' | 'recovery' | 'burst';
  status: number;
  limit?: number;
  remaining?: number;
  /** X-RateLimit-Reset read as a local time (ms). */
  resetAtMs?: number;
  /** When the response arrived (local ms). */
  atMs: number;
}

export interface RateLimitSeries {
  points: RateLimitPoint[];
  /** Waits the sender kept before a point (its index in points): Retry-After, then each backoff. */
  waits: { before: number; ms: number }[];
}

/** A check's verdict with its evidence, as it reaches the report. Plain JSON: no bigint. */
export interface CheckResult extends Omit<CheckMeta, 'needs'> {
  suite: string;
  status: Status;
  message: string;
  /** For a pass or an INFO record: how many observations (responses, steps, cases) it rests on, at least 1. */
  judged?: number;
  /** Why it was not evaluated, when it skipped: the kind and the setting that would let it run. */
  cause?: SkipCause;
  details: string[];
  expected?: string;
  actual?: string;
  /** Schema failures behind the findings, as data (path, expected, actual). */
  schemaIssues?: SchemaIssue[];
  property?: PropertyRecord;
  rateLimitSeries?: RateLimitSeries;
  exchanges: Exchange[];
  /** The seq of each exchange a finding cites (all among `exchanges`), in the order cited. */
  cited?: number[];
  reproduction: string[];
  startedAt: string;
  durationMs: number;
}

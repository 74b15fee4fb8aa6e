// Runs one check: its unmet need or a request the run refused becomes a skip, anything thrown becomes error
// (the harness broke, so the run is incomplete), and what it recorded becomes its CheckResult (result.ts,
// verdict.ts). Whatever goes wrong inside a check, building its result included, ends that check in error: never
// the run. What a check records is kept within bounds (findings.ts).
import { errorMessage, HarnessError } from '../errors.ts';
import type { Transcript } from '../http/transcript.ts';
import { type CheckContext, contextFor, endedItself } from './context.ts';
import { dropFinding, dropsOf } from './dropped.ts';
import { bounded, Findings } from './findings.ts';
import type { CheckDefinition, CheckMeta, CheckResult } from './model.ts';
import { runLive } from './model.ts';
import { metaOf, type ResultEnv, resultOf } from './result.ts';
import { deathFinding, deathOf } from './server-died.ts';
import { type Skip, SkipSignal } from './skip.ts';

export type { CheckContext } from './context.ts';
export { type Finding, MAX_DETAILS, MAX_SCHEMA_ISSUES, MAX_TEXT, type RepeatUntil } from './findings.ts';
export { MAX_EVIDENCE, MAX_REPRODUCTIONS } from './result.ts';
export { limiterRefusal, refusedOnly, statusFor } from './verdict.ts';

export interface RunCheckEnv<C> extends ResultEnv {
  transcript: Transcript;
  /** Called before run: a skip (an unmet need), or undefined. */
  unmetNeed(check: CheckMeta): Skip | undefined;
  /** Builds the suite's context around the base one. */
  context(base: CheckContext): C;
  /** Told which check is current, so the HTTP client can tag exchanges with it. */
  setCurrent(checkId: string | undefined): void;
  /**
   * A skip for a harness error that is the target's doing, not the harness's (a request not sent because the
   * target banned the key): the check is left out naming the check that judges it. Undefined: an error.
   */
  harnessSkip?(e: HarnessError): Skip | undefined;
  now?: () => number;
}

/** What ended the check: undefined when it ran to its end (or stopped on a violation or a skip). */
function errorOf(e: unknown): string | undefined {
  if (endedItself(e)) return undefined;
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
 * When the server died on a request this check binds (server-died.ts), or dropped one twice while it answered
 * others (dropped.ts), that request is its finding, live or in a recording: whatever it left the check unable
 * to judge (a thrown error, a skip) gives way to it, noted.
 */
function blameDeath<C>(
  check: CheckDefinition<C>,
  transcript: Transcript,
  found: Findings,
  thrown: string | undefined,
): string | undefined {
  if (!check.unanswered) return thrown;
  const binds = check.unanswered;
  const all = transcript.all();
  const death = deathOf(all);
  const why = death && binds(death.exchange);
  const drops = dropsOf(all).flatMap((d) => {
    const because = binds(d.exchange);
    return because === undefined ? [] : [{ d, because }];
  });
  if (death && why) found.problem(deathFinding(death, why), { exchange: death.exchange });
  else if (drops.length > 0)
    for (const { d, because } of drops.slice(0, 3))
      found.problem(dropFinding(d, because), { exchange: d.exchange });
  else return thrown;
  const unfinished = thrown ?? found.skipped?.reason;
  if (unfinished !== undefined) found.note(`the rest could not be judged: ${unfinished}`);
  found.skipped = undefined;
  return undefined;
}

export async function runCheck<C>(check: CheckDefinition<C>, env: RunCheckEnv<C>): Promise<CheckResult> {
  const now = env.now ?? Date.now;
  const started = now();
  const found = new Findings();
  const firstSeq = env.transcript.size;
  const thrown = blameDeath(check, env.transcript, found, await execute(check, env, found));
  const timing = () => ({ startedAt: new Date(started).toISOString(), durationMs: now() - started });
  const sent = env.transcript.all().slice(firstSeq);
  try {
    return resultOf(check, env, found, thrown, sent, timing());
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

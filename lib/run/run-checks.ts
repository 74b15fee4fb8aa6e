// The generic run (engine/conduct-run.ts conducts this suite's): the checks of the plan in-process, one at a
// time and in suite order (no parallel hammering of the target), each verdict handed back as it lands. It
// knows no specific check: the caller passes the suites, how to bind them to the run, and the plan (which
// checks were selected, and why some will not run). It writes nothing itself.

import { dropsOf, leftByDrop } from '../check/dropped.ts';
import type { CheckDefinition, CheckMeta, CheckResult, SuiteDefinition } from '../check/model.ts';
import type { CheckContext } from '../check/run-check.ts';
import { runCheck } from '../check/run-check.ts';
import { type Death, deathOf, deathUntold } from '../check/server-died.ts';
import type { Skip } from '../check/skip.ts';
import { findingOf } from '../check/skip.ts';
import type { RunConfig } from '../config/run-config.ts';
import { errorMessage, type HarnessError } from '../errors.ts';
import type { BanEvent } from '../http/ban.ts';
import { noOperationAnswers, sameNonApiAnswer } from '../http/reach.ts';
import type { Redactor } from '../http/redact.ts';
import type { Exchange } from '../http/transcript.ts';
import type { KnownWindow, ProbeCost, RunPlan } from './plan-checks.ts';
import { createRuntime, type Runtime, waitsLine } from './runtime.ts';

/** A safety net above the harness's own timeouts and waits: a check that outlives it is an error. */
export const CHECK_TIMEOUT_MS = 15 * 60_000;

/** The suites bound to one run: how a check's context is built, and why a check cannot run here. */
export interface Bound<C> {
  context(base: CheckContext): C;
  unmetNeed(check: CheckMeta): Skip | undefined;
  /** Why an answer is a refusal that says nothing of what was asked (RunCheckEnv.refusal); default: a 429. */
  refusal?(x: Exchange): string | undefined;
  /** A skip for a harness error that is the target's doing (RunCheckEnv.harnessSkip). */
  harnessSkip?(e: HarnessError): Skip | undefined;
}

/** The conformance content a run executes: the suites in run order, and how they bind to one run. */
export interface Conformance<C> {
  suites: readonly SuiteDefinition<C>[];
  /** Called once per run, before the first check: the per-run state the suites share lives in what it returns. */
  bind(runtime: Runtime): Bound<C>;
  /** What the rate-limit probe will cost, for the plan made before sending (known when the window is). */
  probeCost(window: KnownWindow | undefined, burst: boolean): ProbeCost;
}

export interface RunHooks {
  /** Each verdict as it lands (the caller prints it and rewrites the report). */
  onResult(result: CheckResult): void;
  onLog(line: string): void;
}

export interface RunOutcome {
  results: CheckResult[];
  requestsSent: number;
  /** Why the run could not finish, when it could not (an interruption is the caller's own reason). */
  problems: string[];
  /** Every ban the target announced (spec §8 rule 5): each makes the run incomplete. */
  bans: BanEvent[];
  /** Set when the first request with the key was refused (401): a configuration error, nothing judged. */
  keyRefused?: string;
  /** Set when the target answered nothing at all and the run stopped sending (why, as the client says it). */
  unanswered?: string;
  /** Set when no operation answered below the base URL (lib/http/reach.ts): what every answer was. */
  noOperation?: string;
}

export interface ActiveRun {
  outcome: Promise<RunOutcome>;
  /** Stops the run (Ctrl-C): requests in flight are aborted, the checks not yet started never start. */
  cancel(): void;
  /** Requests sent so far (also once the run is stopped). */
  requestsSent(): number;
  /** Every exchange so far, redacted, in the order sent (the whole transcript). */
  exchanges(): readonly Exchange[];
  /** Bans announced so far (also once the run is stopped). */
  bans(): BanEvent[];
}

function timedOut(check: CheckMeta, suite: string): CheckResult {
  const { needs: _needs, ...meta } = check;
  return {
    ...meta,
    suite,
    status: 'error',
    message: `E_INTERNAL: the check did not finish within ${CHECK_TIMEOUT_MS / 60_000} minutes`,
    details: [],
    exchanges: [],
    reproduction: [],
    startedAt: new Date().toISOString(),
    durationMs: CHECK_TIMEOUT_MS,
  };
}

/**
 * A check that could not run because the server died on a request (its error came after that request) is left
 * out because of the check that binds the request (CheckDefinition.unanswered), which judges it: the target's
 * doing, not the harness's. Without such a check, or for our own bug (E_INTERNAL), the error stands.
 */
function leftByDeath(r: CheckResult, death: Death, checks: readonly CheckDefinition<unknown>[]): CheckResult {
  const x = death.exchange;
  if (r.status !== 'error' || r.message.startsWith('E_INTERNAL')) return r;
  if (Date.parse(r.startedAt) + r.durationMs < Date.parse(x.startedAt)) return r;
  const blamer = checks.find((c) => c.unanswered?.(x) !== undefined)?.id;
  if (blamer === undefined || blamer === r.id) return r;
  return {
    ...r,
    status: 'skip',
    message: `not judged: the server stopped accepting connections after ${x.request.method} ${x.request.url} got no answer, which ${blamer} judges`,
    cause: findingOf(blamer),
    details: [...r.details, `it ended: ${r.message}`],
  };
}

/**
 * Starts the run of `plan` (made from the same checks before the first request): each check it holds runs
 * in suite order, or skips with the plan's reason when the plan leaves it out; a check it does not hold was
 * not selected and never runs.
 */
export function startRun<C>(
  config: RunConfig,
  conformance: Conformance<C>,
  plan: RunPlan,
  hooks: RunHooks,
  redactor?: Redactor,
): ActiveRun {
  const runtime = createRuntime(config, hooks.onLog, redactor);
  const planned = new Map(plan.checks.map((c) => [c.id, c]));
  const results: CheckResult[] = [];
  const problems: string[] = [];
  let noOperation: string | undefined;
  // Verdicts held back while every answer so far is one non-API answer (if no operation answers, none is
  // shown), or while the last request went unanswered and what follows will tell whether the server died on it.
  const held: CheckResult[] = [];
  const checks = conformance.suites.flatMap((s) => s.checks).filter((c) => planned.has(c.id));
  const release = () => {
    const all = runtime.transcript.all();
    const death = deathOf(all);
    const drops = death ? [] : dropsOf(all);
    for (const r of held.splice(0)) {
      const shown = death ? leftByDeath(r, death, checks) : leftByDrop(r, drops, checks);
      results.push(shown);
      hooks.onResult(shown);
    }
  };

  const outcome = (async (): Promise<RunOutcome> => {
    try {
      const bound = conformance.bind(runtime);
      for (const suite of conformance.suites) {
        for (const check of suite.checks) {
          const inPlan = planned.get(check.id);
          if (!inPlan) continue;
          if (runtime.signal.aborted) break;
          let timer: NodeJS.Timeout | undefined;
          const limit = new Promise<CheckResult>((resolve) => {
            timer = setTimeout(() => resolve(timedOut(check, suite.title)), CHECK_TIMEOUT_MS);
          });
          const result = await Promise.race([
            runCheck(check, {
              suite: suite.title,
              transcript: runtime.transcript,
              redactor: runtime.redactor,
              unmetNeed: (c) => inPlan.skip ?? bound.unmetNeed(c),
              context: (base) => bound.context(base),
              setCurrent: (id) => {
                runtime.http.currentCheckId = id;
              },
              ...(bound.refusal ? { refusal: bound.refusal } : {}),
              ...(bound.harnessSkip ? { harnessSkip: bound.harnessSkip } : {}),
            }),
            limit,
          ]);
          clearTimeout(timer);
          // A refused key is the configuration's fault: the check that met it judged nothing, and none follows.
          if (runtime.http.keyRefused !== undefined) break;
          // A check cut short by the stop (its wait or request aborted) did not break: it has no verdict, and
          // the report counts it among those the interruption left unrun, not as a harness error.
          if (runtime.signal.aborted && result.status === 'error') break;
          // So is a base URL below which no operation answers: nothing the run saw is the API's to judge.
          noOperation = noOperationAnswers(runtime.config.baseUrl, runtime.transcript.all());
          if (noOperation !== undefined) break;
          held.push(result);
          const all = runtime.transcript.all();
          if (sameNonApiAnswer(runtime.config.baseUrl, all) === undefined && !deathUntold(all)) release();
          if (runtime.http.stopReason !== undefined) break;
        }
        if (runtime.http.keyRefused !== undefined || noOperation !== undefined) break;
        // A target that has never answered: the rest would fail the same way, so the run ends, saying why.
        if (runtime.http.stopReason !== undefined) break;
      }
      // Kinds of request that got no response repeatedly were stopped; the other checks still ran.
      for (const why of runtime.http.stopping.reasons()) {
        problems.push(`the run stopped sending: ${why}`);
        runtime.log(`stopped: ${why}`);
      }
      const waited = waitsLine(runtime.waits);
      if (waited) runtime.log(waited);
    } catch (e) {
      problems.push(`the run failed: ${errorMessage(e)}`);
    } finally {
      if (noOperation === undefined) release();
      await runtime.http.close();
    }
    const keyRefused = runtime.http.keyRefused;
    // The run stopped sending to a target that never answered anything (not one whose answers trickle or
    // break a cap of ours: that one was there, and the run is incomplete, not the target unreachable).
    const unanswered = runtime.http.stopping.answeredAny ? undefined : runtime.http.stopping.all;
    return {
      results,
      requestsSent: runtime.pacer.requestsSent,
      problems,
      bans: [...runtime.http.bans],
      ...(keyRefused !== undefined ? { keyRefused } : {}),
      ...(unanswered !== undefined ? { unanswered } : {}),
      ...(noOperation !== undefined ? { noOperation } : {}),
    };
  })();
  return {
    outcome,
    cancel: () => runtime.abort(),
    requestsSent: () => runtime.pacer.requestsSent,
    exchanges: () => runtime.transcript.all(),
    bans: () => [...runtime.http.bans],
  };
}

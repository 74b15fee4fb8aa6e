// The context every conformance check receives, and the bind that builds it for one run: the shared target
// facts, the HTTP client, the run's configuration without its keys, seeded randomness, and the run's memo,
// where every piece of per-run state the suites share lives (none in module scope).
import type { CheckDefinition, CheckInput, CheckMeta, SuiteDefinition } from '../../lib/check/model.ts';
import { defineCheck, defineSuite, selectChecks } from '../../lib/check/model.ts';
import { claim, grantsOf, unmetNeed as unmetNeedOf } from '../../lib/check/needs.ts';
import { Random } from '../../lib/check/random.ts';
import type { CheckContext } from '../../lib/check/run-check.ts';
import { OUTCOME, type Skip } from '../../lib/check/skip.ts';
import { type CheckConfig, checkConfig } from '../../lib/config/check-config.ts';
import type { HarnessError } from '../../lib/errors.ts';
import type { HttpClient } from '../../lib/http/client.ts';
import { curlCommand } from '../../lib/http/curl.ts';
import type { Exchange, Transcript } from '../../lib/http/transcript.ts';
import { RunMemo } from '../../lib/run/memo.ts';
import type { Bound } from '../../lib/run/run-checks.ts';
import type { Runtime } from '../../lib/run/runtime.ts';
import { deleteGate } from './delete-gate.ts';
import { refusalOf } from './front-refusal.ts';
import { LIST_BODIES, ListBodies } from './list-bodies.ts';
import { pendingProof } from './still-pending.ts';
import { STORE_LISTS, StoreLists } from './store-lists.ts';
import { TargetFacts } from './target-facts.ts';
import { TRAFFIC } from './traffic.ts';
import { liveTraffic } from './traffic-live.ts';

/** What the suites work with besides the check model: the run's shared client, facts and configuration. */
export interface Tools {
  http: HttpClient;
  target: TargetFacts;
  transcript: Transcript;
  config: CheckConfig;
  random: Random;
  /** What the run sends or works out once and several checks read (made by bindSuites, one per run). */
  memo: RunMemo;
  log(line: string): void;
  /** A curl line that sends a recorded request again, the key as its variable (for steps a check lists). */
  curl(x: Exchange): string;
}

export interface Ctx extends CheckContext, Tools {}

export const check = (c: CheckInput<Ctx>): CheckDefinition<Ctx> => defineCheck<Ctx>(c);
export const suite = (s: SuiteDefinition<Ctx>): SuiteDefinition<Ctx> => defineSuite<Ctx>(s);

/** Why a check cannot run here (its reason naming the setting that would let it, and its cause), or undefined. */
export function unmetNeed(
  needs: CheckMeta['needs'],
  config: CheckConfig,
  target: TargetFacts,
  budgetLeft: number,
  claimed: ReadonlySet<string>,
): Skip | undefined {
  return unmetNeedOf(needs, {
    ...grantsOf(config),
    claimed,
    // The plan handed the pending fixtures out before the run (lib/run/plan-checks.ts) and left out what they could
    // not serve; a fixture a shared sending holds (the spelling run's) is not among those left here, so a check
    // that finds none when it runs says so itself.
    cancellableLeft: config.cancellableOrderIds.length > 0 ? Number.MAX_SAFE_INTEGER : 0,
    held: target.heldFixture !== undefined,
    shipped: target.shippedIds.length,
    budgetLeft,
  });
}

/**
 * A check left out because the target banned the key it needed: the ban is the target's doing, judged by
 * RL-HEADERS-NO-UNEARNED-BAN (a failure when the client had waited every Retry-After), not the harness's error.
 */
export function bannedSkip(e: HarnessError): Skip | undefined {
  if (e.code !== 'E_BANNED') return undefined;
  return {
    reason: `not evaluated: ${e.message} (RL-HEADERS-NO-UNEARNED-BAN judges whether the client earned the ban)`,
    cause: OUTCOME,
  };
}

/**
 * Binds the suites to one run. `checks`: the catalogue, to see whether a selected check needs a fixture held
 * back from the start (Needs.held), which must be set aside before the first check takes one.
 */
export function bindSuites(runtime: Runtime, checks: readonly CheckMeta[] = []): Bound<Ctx> {
  const random = new Random(runtime.config.seed);
  const config = checkConfig(runtime.config);
  const memo = new RunMemo();
  // Every list body is read as it arrives (the transcript keeps only the start of each).
  const lists = memo.once(LIST_BODIES, () => new ListBodies());
  runtime.http.bodyObservers.push(lists.observe);
  // Then the store model's ids of each plain list, read from that same reading (suites/state/ judges them).
  runtime.http.bodyObservers.push(memo.once(STORE_LISTS, () => new StoreLists(lists)).observe);
  // What each exchange offered and asked for, read as a recording of the run would be: the judges' facts.
  memo.once(TRAFFIC, () => liveTraffic(runtime.transcript, runtime.config.baseUrl));
  // The stop on DELETEs of ids not given, closed by the first 2xx to one (delete-gate.ts).
  const gate = deleteGate(memo, runtime.config, runtime.log);
  runtime.http.bodyObservers.push(gate.observe);
  runtime.http.requestGuards.push(gate.guard);
  const target = new TargetFacts(runtime.http, runtime.config, random, memo);
  // A fixture a check gave back goes out again only once the run proves it still pending (still-pending.ts).
  const storeLists = memo.once(STORE_LISTS, () => new StoreLists(lists));
  target.proveWith(
    (id) =>
      pendingProof(
        runtime.transcript.all(),
        storeLists.snapshotOf,
        id,
        runtime.config.consistencySeconds * 1000,
      ),
    runtime.log,
  );
  if (selectChecks(checks, config.only, config.skip).some((c) => c.needs.held)) target.holdBack();
  // The shared sendings (Needs.shared) of the checks that ran so far: sent, or never to be sent.
  const claimed = new Set<string>();
  return {
    unmetNeed: (check) => unmetNeed(check.needs, config, target, runtime.pacer.budgetLeft, claimed),
    refusal: refusalOf,
    harnessSkip: bannedSkip,
    context: (base) => {
      claim(base.check.needs, claimed);
      return {
        ...base,
        http: runtime.http,
        target,
        transcript: runtime.transcript,
        config,
        random,
        memo,
        log: runtime.log,
        curl: (x) => curlCommand(x.request, runtime.redactor.expressions()),
      };
    },
  };
}

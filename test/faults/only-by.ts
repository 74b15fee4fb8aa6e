// Which faults written for particular checks need a run of their own with those checks left out, and which the
// fault matrix's one run already proves alone-caught: see the argument below. Data and a rule only; the tests run.
import { catalogue } from '../../engine/catalogue.ts';
import type { FaultId } from '../../reference/server.ts';
import { FAULT_PROOFS } from './index.ts';
import type { Caught, FaultProof } from './proof.ts';

/**
 * A fault written for particular checks is caught by them alone when, with them left out (--skip), the rest
 * of the suite passes it: no fail, no warn, no error, exit 0. A second run proves that. But when leaving them
 * out changes nothing the run sends, the second run judges the very transcript and store model the matrix's
 * run judged, and a check's verdict is a function of those (one judge per check reading the transcript,
 * design guide §2; checks run one at a time in catalogue order): every other check then ends as it ended in
 * the matrix's run. So the matrix's run, asserted exact there (nothing but the named checks fails, warns or
 * errs, and the run is complete), proves all the second run would, and the second run is left out.
 *
 * Leaving a check out changes nothing sent when, by its needs (the data the plan is made from and the
 * sending is driven by), it sends no request of its own in any mode, takes no fixture, is not the probe's,
 * and every shared sending it reads is first read, and so sent, by an earlier check of the run that stays
 * and runs on the settings of the matrix's row (a shared sending costs its requests once, to the first check
 * that runs with it). A named check that sends, or would move a shared sending later, keeps its second run.
 * (Checked once against the runs themselves: every fault this rule folds sent the same method, path and
 * status sequence with its checks skipped as without.)
 */
export function leavingOutChangesNothingSent(only: readonly string[], e: Caught): boolean {
  const args = e.args ?? [];
  const list = (flag: string) =>
    args.flatMap((a, i) => (a === flag && args[i + 1] !== undefined ? args[i + 1]!.split(',') : []));
  const run = catalogue(list('--only'), list('--skip'));
  const named = (id: string) => only.some((p) => id.startsWith(p));
  const noProbe = args.includes('--skip-rate-limit-probe');
  // A check that stays and surely runs in the row's run: no need the matrix's settings leave unmet.
  const runs = (n: (typeof run)[number]['needs']) =>
    !(n.probe && noProbe) && !n.secondKey && !n.keyPlan && n.optIn === undefined;
  return run.every((c, i) => {
    if (!named(c.id)) return true;
    const n = c.needs;
    const own = n.requests === 0 && !n.exhaustive && !n.generated && !n.cancellable;
    const fixtures = !n.shipped && !n.held;
    const shared = Object.keys(n.shared ?? {}).every((name) =>
      run.slice(0, i).some((d) => !named(d.id) && runs(d.needs) && Object.hasOwn(d.needs.shared ?? {}, name)),
    );
    return own && fixtures && !n.probe && shared;
  });
}

/** One fault written for particular checks: those checks, its first `caught` run, and whether it folds. */
export interface OnlyBy {
  fault: FaultId;
  only: string[];
  caught: Caught;
  /** Leaving its checks out changes nothing sent: the matrix's run proves it alone-caught (no second run). */
  folded: boolean;
}

export const ONLY_BY: readonly OnlyBy[] = (Object.entries(FAULT_PROOFS) as Array<[FaultId, FaultProof]>)
  .filter(([, p]) => p.onlyBy)
  .map(([fault, p]) => ({
    fault,
    only: p.onlyBy!,
    caught: p.caught[0]!,
    folded: leavingOutChangesNothingSent(p.onlyBy!, p.caught[0]!),
  }));

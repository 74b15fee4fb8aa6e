// Which refusal class a change of the store is blamed on: a change with refusals of several classes on the
// wire is not one class's doing when another class is shown, alone, to change the store (a 404 that drops an
// order, say): that class's check carries the finding, and this one leaves it out, naming that check.
import { type History, named } from './history.ts';
import {
  judgeRefusals,
  type RefusalClass,
  type RefusalFinding,
  type RefusalJudgement,
} from './judge-refusals.ts';

const CLASSES: readonly RefusalClass[] = [401, 404, 409, 429];

export interface BlamedJudgement extends RefusalJudgement {
  /** Changes another class explains: each says what was seen, which refusals explain it and which check shows it. */
  explained: string[];
}

const changersOf = new WeakMap<History, Map<number, ReadonlySet<number>>>();

/**
 * The classes shown to change the store on their own: a finding of the class with no refusal of another
 * class on the wire where the change happened.
 */
function changers(h: History, consistencyMs: number): ReadonlySet<number> {
  const byLag = changersOf.get(h) ?? new Map<number, ReadonlySet<number>>();
  changersOf.set(h, byLag);
  const known = byLag.get(consistencyMs);
  if (known) return known;
  const shown = new Set(
    CLASSES.filter((cls) =>
      judgeRefusals(h, cls, consistencyMs).findings.some((f) => f.refusals.every((r) => r.status === cls)),
    ),
  );
  byLag.set(consistencyMs, shown);
  return shown;
}

/** Why a finding is not `cls`'s: the refusals of a class shown to change the store that came where it happened. */
function explanation(f: RefusalFinding, cls: RefusalClass, shown: ReadonlySet<number>): string | undefined {
  const others = f.refusals.filter((r) => r.status !== cls && r.status !== undefined && shown.has(r.status));
  if (others.length === 0) return undefined;
  const statuses = [...new Set(others.map((r) => r.status!))].sort();
  const checks = statuses.map((s) => `STATE-${s}-CHANGES-NOTHING`).join(' and ');
  return `not judged: ${f.seen}, but refusals answered ${statuses.join(' or ')} came between (${others
    .slice(0, 2)
    .map(named)
    .join(
      ', ',
    )}${others.length > 2 ? ` and ${others.length - 2} more` : ''}), and ${checks} shows such a refusal changes the store on its own: the change is left to ${checks}, not blamed on a ${cls}`;
}

/**
 * judgeRefusals for `cls`, with each finding another class explains moved to `explained`: a refusal of one
 * class is blamed only when no refusal of a class already shown to change the store came where the change was.
 */
export function judgeRefusalsBlamed(h: History, cls: RefusalClass, consistencyMs = 0): BlamedJudgement {
  const judged = judgeRefusals(h, cls, consistencyMs);
  if (judged.findings.length === 0) return { ...judged, explained: [] };
  const shown = changers(h, consistencyMs);
  const findings: RefusalFinding[] = [];
  const explained: string[] = [];
  for (const f of judged.findings) {
    const why = explanation(f, cls, shown);
    if (why) explained.push(why);
    else findings.push(f);
  }
  return { ...judged, findings, explained };
}

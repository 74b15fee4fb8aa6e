// The shape of a catalogue of the spec's statements, and the integrity rule between it and the checks that
// cite it. Knows no specific rule: suites/spec-rules.ts holds the catalogue.

/**
 * What a statement of the spec asks of a server:
 * - `requirement`: something a server must (or should) do, which a check can judge;
 * - `unspecified`: the spec says "not shown"; INFO checks may observe what a server chose, nothing is required;
 * - `informative`: context with nothing to observe (plans for a later version, an empty section).
 */
export type RuleKind = 'requirement' | 'unspecified' | 'informative';

export interface SpecRule {
  /** Stable, never reused: `<section>.<area>.<rule>` as in `4.cancel.r2`, `8.r1`, `2.order.id`. */
  id: string;
  /** Where it stands in the spec: `§4 cancelOrder rule 2`. */
  section: string;
  /** The statement, in the spec's words where it has them. */
  text: string;
  kind: RuleKind;
  /** Why no check covers it, for a requirement no check cites (e.g. a ban is never provoked on purpose). */
  uncovered?: string;
}

const RULE_ID = /^[1-9](\.[a-z0-9-]+)+$/;

/** What is wrong between a rule catalogue and the checks that cite it; an empty list when nothing is. */
export function ruleProblems(
  rules: readonly SpecRule[],
  checks: readonly { id: string; rules: readonly string[] }[],
): string[] {
  const problems: string[] = [];
  const known = new Map<string, SpecRule>();
  for (const r of rules) {
    if (!RULE_ID.test(r.id)) problems.push(`rule id ${r.id} is not of the form 4.cancel.r2`);
    if (known.has(r.id)) problems.push(`rule ${r.id} is listed twice`);
    known.set(r.id, r);
    if (r.kind !== 'requirement' && r.uncovered !== undefined)
      problems.push(`rule ${r.id} is ${r.kind}: only a requirement needs a reason to be uncovered`);
  }
  const cited = new Set<string>();
  for (const c of checks) {
    if (c.rules.length === 0) problems.push(`check ${c.id} cites no spec rule`);
    for (const id of c.rules) {
      cited.add(id);
      const rule = known.get(id);
      if (!rule) problems.push(`check ${c.id} cites unknown rule ${id}`);
      else if (rule.kind === 'informative') problems.push(`check ${c.id} cites informative rule ${id}`);
    }
  }
  for (const r of rules) {
    if (r.kind !== 'requirement') continue;
    if (!cited.has(r.id) && r.uncovered === undefined)
      problems.push(`requirement ${r.id} (${r.section}) has neither a check nor a reason`);
    if (cited.has(r.id) && r.uncovered !== undefined)
      problems.push(`requirement ${r.id} is cited by a check but still gives a reason to be uncovered`);
  }
  return problems;
}

// Coverage of the spec's rules by one run: which testable rules a selected check tests, with what outcome,
// and why each other rule is not tested. Pure: the rules and the checks are handed in as data (lib/ never
// reads suites/), so the same function serves report.json, the console and the HTML matrix.
import type { Level, Status } from '../check/model.ts';
import type { RuleKind, SpecRule } from '../check/rules.ts';
import { flagRef } from '../config/settings.ts';

/** A check as coverage sees it: what it is, the rules it cites. */
export interface CoverageCheck {
  id: string;
  level: Level;
  rules: readonly string[];
  /** The spec area it belongs to (a check the run never reached is still listed under it, in junit.xml). */
  suite?: string;
}

/** What a check citing a rule came to in this run; `not-run` while the run is going or if it stopped early. */
export type CoverageStatus = Status | 'not-run';

export interface RuleCoverage {
  id: string;
  section: string;
  kind: RuleKind;
  text: string;
  /** The selected checks that cite the rule, in run order, with their status in this run. */
  checks: { id: string; level: Level; status: CoverageStatus }[];
  /** Of the selected MUST checks that cite the rule, how many reached a verdict (pass or fail). */
  must: { selected: number; evaluated: number };
  /** For a requirement no selected check tests: why (the catalogue's reason, or the selection). */
  uncovered?: string;
}

export interface Coverage {
  /** Requirements of the spec: statements a check can judge (not "not shown", not informative). */
  testable: number;
  /** Testable rules a selected check cites. */
  covered: number;
  /** Testable rules at least one citing check reached a verdict on (not skipped, errored or unrun). */
  evaluated: number;
  /** Every testable rule no selected check cites, with the reason. */
  uncovered: { id: string; section: string; reason: string }[];
  /** Every rule of the catalogue, in spec order. */
  rules: RuleCoverage[];
}

const JUDGED: ReadonlySet<CoverageStatus> = new Set(['pass', 'fail', 'warn', 'info']);

/**
 * Coverage of `rules` by the `selected` checks (in run order), given the results so far; `all` is the
 * whole check catalogue, so a rule left out by --only/--skip says so rather than look untestable.
 */
export function coverageOf(
  rules: readonly SpecRule[],
  all: readonly CoverageCheck[],
  selected: readonly string[],
  results: readonly { id: string; status: Status }[],
): Coverage {
  const byId = new Map(all.map((c) => [c.id, c]));
  const status = new Map(results.map((r) => [r.id, r.status]));
  const chosen = selected.map((id) => byId.get(id)).filter((c): c is CoverageCheck => c !== undefined);
  const out: Coverage = { testable: 0, covered: 0, evaluated: 0, uncovered: [], rules: [] };
  for (const rule of rules) {
    const checks = chosen
      .filter((c) => c.rules.includes(rule.id))
      .map((c) => ({ id: c.id, level: c.level, status: status.get(c.id) ?? ('not-run' as const) }));
    const musts = checks.filter((c) => c.level === 'MUST');
    const entry: RuleCoverage = {
      id: rule.id,
      section: rule.section,
      kind: rule.kind,
      text: rule.text,
      checks,
      must: {
        selected: musts.length,
        evaluated: musts.filter((c) => c.status === 'pass' || c.status === 'fail').length,
      },
    };
    if (rule.kind === 'requirement') {
      out.testable++;
      if (checks.length > 0) {
        out.covered++;
        if (checks.some((c) => JUDGED.has(c.status))) out.evaluated++;
      } else {
        const leftOut = all.filter((c) => c.rules.includes(rule.id)).map((c) => c.id);
        const reason =
          leftOut.length > 0
            ? `left out by the selection (${flagRef('only')}/${flagRef('skip')}): ${leftOut.join(', ')}`
            : (rule.uncovered ?? 'no check tests it');
        entry.uncovered = reason;
        out.uncovered.push({ id: rule.id, section: rule.section, reason });
      }
    }
    out.rules.push(entry);
  }
  return out;
}

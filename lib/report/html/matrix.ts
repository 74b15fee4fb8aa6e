// The traceability matrix: every rule of the spec, section by section, with the checks that test it and
// their results in this run; a requirement no check tested says why; the coverage figure on top.
import type { Coverage, RuleCoverage } from '../coverage.ts';
import { badge, esc, ruleAnchor } from './escape.ts';

function sectionOf(rule: RuleCoverage): string {
  // "§4 cancelOrder rule 2" → "§4": the matrix groups by the spec's numbered sections.
  return /^§\d+/.exec(rule.section)?.[0] ?? rule.section;
}

function ruleRow(r: RuleCoverage): string {
  const checks =
    r.checks.length > 0
      ? r.checks
          .map((c) => `${badge(c.status)} <a href="#${esc(c.id)}"><code class="id">${esc(c.id)}</code></a>`)
          .join('<br>')
      : r.kind === 'requirement'
        ? `<span class="uncovered">not tested: ${esc(r.uncovered ?? 'no check tests it')}</span>`
        : `<span class="muted">${r.kind === 'unspecified' ? 'not shown in the spec: nothing to require' : 'informative: nothing to test'}</span>`;
  return `<tr id="${ruleAnchor(r.id)}" class="k-${r.kind}"><td><code class="id">${esc(r.id)}</code></td><td class="narrow-hide">${esc(r.section)}</td><td>${esc(r.text)}</td><td class="idcol">${checks}</td></tr>`;
}

export function matrixHtml(coverage: Coverage): string {
  const sections = new Map<string, RuleCoverage[]>();
  for (const r of coverage.rules) sections.set(sectionOf(r), [...(sections.get(sectionOf(r)) ?? []), r]);
  const pct = coverage.testable === 0 ? 0 : Math.round((100 * coverage.evaluated) / coverage.testable);
  const uncovered =
    coverage.uncovered.length > 0
      ? `<p>Not tested: ${coverage.uncovered.map((u) => `<a href="#${ruleAnchor(u.id)}"><code class="id">${esc(u.id)}</code></a> (${esc(u.reason)})`).join('; ')}.</p>`
      : '<p>Every testable rule is cited by a selected check.</p>';
  const tables = [...sections]
    .map(
      ([name, rules]) =>
        `<h3>${esc(name)}</h3><div class="scroll"><table class="matrix wide"><tr><th>Rule</th><th class="narrow-hide">Where</th><th>Statement</th><th>Checks and results</th></tr>${rules.map(ruleRow).join('')}</table></div>`,
    )
    .join('\n');
  return `<p id="coverage"><strong>Coverage: ${coverage.evaluated} of ${coverage.testable} testable rules evaluated (${pct} %)</strong>; ${coverage.covered} cited by a selected check. Rules the spec leaves open ("not shown") and informative ones are listed, not counted.</p>
${uncovered}
${tables}`;
}

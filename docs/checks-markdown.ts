// docs/checks.md from the catalogue: one table per suite, every spec rule and its checks, the cases of the
// sampling checks and (when given) the variants each check is proven to tolerate. Text only; writes nothing.

import { catalogue } from '../engine/catalogue.ts';
import { renderSettings } from '../lib/config/setting-words.ts';
import { ALL_CHECKS } from '../suites/index.ts';
import { SPEC_RULES } from '../suites/spec-rules.ts';
import { STATE_COSTS } from '../suites/state/costs.ts';
import { defaultRunMarkdown } from './default-run.ts';

/**
 * The catalogue as a Markdown page (docs/checks.md): one table per suite, then every spec rule and its checks,
 * then (when given) per check the reference variants the self-tests prove it stays silent on.
 */
export function catalogueMarkdown(tolerated?: ReadonlyMap<string, readonly string[]>): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = catalogue();
  const bases = new Map(ALL_CHECKS.map((c) => [c.id, c.basis ?? []]));
  const basisCell = (id: string) =>
    (bases.get(id) ?? []).map((b) => `**${cell(b.source)}**: ${cell(b.text)}`).join('<br>') || '(none)';
  const lines = [
    '# Check catalogue',
    '',
    'Generated from `suites/` by `npm run docs`; `npm test` fails when it is out of date.',
    'Levels: MUST (a failure makes the target non-conformant), SHOULD (a warning), INFO (recorded: the spec',
    'says "not shown", or nothing binds the server). Rules are the ids of the spec\'s statements',
    '([Spec rules](#spec-rules) below). Basis: the sentences, quoted verbatim, of the spec or of an RFC',
    '(`docs/rfc-excerpts.md`) that oblige the server to what the check demands; every MUST and SHOULD names',
    'them, an INFO check may name the one it observes against.',
    ...defaultRunMarkdown(),
  ];
  let suite = '';
  for (const c of rows) {
    if (c.suite !== suite) {
      suite = c.suite;
      lines.push(
        '',
        `## ${suite}`,
        '',
        '| Id | Level | Rules | Spec | Requirement | Basis | Sends |',
        '|---|---|---|---|---|---|---|',
      );
    }
    lines.push(
      `| \`${c.id}\` | ${c.level} | ${c.rules.map((r) => `\`${r}\``).join(' ')} | ${cell(c.spec)} | ${cell(c.requirement)}${c.rationale ? `<br>*Why:* ${cell(c.rationale)}` : ''} | ${basisCell(c.id)} | ${cell(c.title)} |`,
    );
  }
  lines.push(
    '',
    '## Spec rules',
    '',
    'Every statement of the spec, with the checks that cite it. A requirement no check covers says why;',
    '"unspecified" statements (the spec says "not shown") are only observed, by INFO checks.',
    '',
    '| Rule | Section | Kind | Statement | Checks |',
    '|---|---|---|---|---|',
  );
  for (const r of SPEC_RULES) {
    const citing = rows.filter((c) => c.rules.includes(r.id)).map((c) => `\`${c.id}\``);
    const checks = citing.length > 0 ? citing.join(' ') : r.uncovered ? `none: ${cell(r.uncovered)}` : 'none';
    lines.push(`| \`${r.id}\` | ${cell(r.section)} | ${r.kind} | ${cell(r.text)} | ${checks} |`);
  }
  lines.push(...casesMarkdown(cell));
  lines.push(...stateCostsMarkdown(cell));
  if (tolerated) {
    lines.push(
      '',
      '## Variants each check is proven to tolerate',
      '',
      "A variant is a choice the spec or an RFC allows, made differently from the reference server's default",
      '(`npm run reference -- --list-variants`; catalogue in `reference/README.md`). `test/variants/matrix.test.ts` and',
      '`test/variants/rate-limit-matrix.test.ts` run the whole command against each (and combinations) and require',
      'every check listed here to run and stay silent (pass or info). A check not listed never runs there.',
      '',
      '| Id | Variants |',
      '|---|---|',
    );
    for (const c of rows) {
      const variants = tolerated.get(c.id);
      if (variants?.length) lines.push(`| \`${c.id}\` | ${variants.map((v) => `\`${v}\``).join(' ')} |`);
    }
  }
  // The command's words: the page documents the command, so a setting reads as its flag.
  return renderSettings(`${lines.join('\n')}\n`, 'cli');
}

const requests = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

/** Each sampling check's cases by kind, with what it sends by default and with --exhaustive. */
function casesMarkdown(cell: (text: string) => string): string[] {
  const sampling = ALL_CHECKS.filter((c) => c.cases !== undefined);
  if (sampling.length === 0) return [];
  const lines = [
    '',
    '## Cases of the sampling checks',
    '',
    'These checks try a catalogue of cases, by kind: a kind is what one parser or router takes or refuses as a',
    'whole (strtol takes `0x` but not `0o`; a server may take the `Token` scheme and no other). A default run',
    'sends every kind at least once, each operation meeting each kind of the check, and rotates by `--seed` only',
    "among a kind's variants; the requests count as the plan counts them, shared sendings aside. `--exhaustive`",
    'sends every case, on every operation, and the cases marked for it (a length past what HTTP fronts accept).',
  ];
  for (const c of sampling) {
    const own = c.needs.requests;
    const ownAll = c.needs.exhaustive ?? own;
    const counted =
      own === 0 && ownAll === 0
        ? 'No requests of its own.'
        : `Default: up to ${requests(own)}; \`--exhaustive\`: up to ${requests(ownAll)}.`;
    const shared = Object.entries(c.needs.shared ?? {}).map(([name, s]) => {
      const all = s.exhaustive ?? s.requests;
      const each = s.generated
        ? `${s.requests > 0 ? `${requests(s.requests)} and ` : ''}one per generated case`
        : requests(s.requests);
      return `${name} (${each}${all === s.requests ? '' : `; ${all} with \`--exhaustive\``})`;
    });
    const reads =
      shared.length > 0
        ? ` It reads shared sendings, each sent once for every check that reads it: ${shared.join(', ')}.`
        : '';
    lines.push('', `### \`${c.id}\``, '', `${counted}${reads}`, '');
    for (const [kind, cases] of Object.entries(c.cases!))
      lines.push(`- ${cell(kind)}: ${cases.map(cell).join('; ')}`);
  }
  return lines;
}

/** What each state check spends, in requests and fixtures (suites/state/costs.ts). */
function stateCostsMarkdown(cell: (text: string) => string): string[] {
  const lines = [
    '',
    '## What the state checks spend',
    '',
    "The `STATE-` checks judge what the run's requests did to the store: every list, every cancel and its answer,",
    'whichever check sent it, against a model of the store kept through the run (`suites/state/`). Most of them',
    'read what the run sends anyway; what they add is below. A default run with two pending fixtures proves every',
    'refusal class: the first fixture is refused with 401 (no key, then an unknown key) just before the run first',
    "cancels it; the second is held back from the start, refused with 429 as the rate-limit probe's request past",
    'the limit, then cancelled by the race. When a request spends the held one (a limiter that serves the request',
    'past the limit), the race takes a fixture another check gave back: one whose every DELETE was refused (the',
    "spelling trial's, say) and that a list read after them still shows; a fixture given back and not taken again",
    'is not consumed (the fixtures ledger reads what each request did). All of it stays within the Free plan (60',
    'requests a minute per key, 1,000 a day): the pacer never lets a window be exceeded, and the generated steps of',
    '`STATE-SEQUENCE` go only while the current window has room.',
    '',
    '| Id | Requests | Fixtures |',
    '|---|---|---|',
  ];
  for (const c of ALL_CHECKS.filter((x) => x.id.startsWith('STATE-'))) {
    const cost = STATE_COSTS[c.id];
    if (cost) lines.push(`| \`${c.id}\` | ${cell(cost.requests)} | ${cell(cost.fixtures)} |`);
  }
  return lines;
}

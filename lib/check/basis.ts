// Where a check's basis stands: finds each quoted sentence in the spec (by section, part, rule or table) or in
// the RFC excerpt file (by RFC and section). Plain text work on the two documents; knows no specific check.
import type { Basis, Level } from './model.ts';

/** Whitespace collapsed: the only liberty a quotation may take. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const SPEC_SOURCE = /^spec §(\d+)(?: (.+))?$/;
const RFC_SOURCE = /^RFC \d+ §\d+(\.\d+)*$/;

interface Part {
  heading: string;
  lines: string[];
}

/** A section of the spec: the lines before its first subsection, and its subsections. */
interface Section {
  intro: string[];
  parts: Part[];
}

function sectionsOf(spec: string): Map<string, Section> {
  const sections = new Map<string, Section>();
  let current: Section | undefined;
  for (const line of spec.split('\n')) {
    const top = /^## (\d+)\. /.exec(line);
    if (top) {
      current = { intro: [], parts: [] };
      sections.set(top[1]!, current);
      continue;
    }
    if (!current) continue;
    const sub = /^### (.+)$/.exec(line);
    if (sub) current.parts.push({ heading: sub[1]!.trim(), lines: [] });
    else (current.parts.at(-1)?.lines ?? current.intro).push(line);
  }
  return sections;
}

/** A part is named by its heading ("Error") or by the operation name its table gives ("cancelOrder"). */
function partNamed(section: Section, name: string): Part | undefined {
  const operation = new RegExp(
    `^\\|\\s*Operation name\\s*\\|\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\|`,
  );
  return section.parts.find((p) => p.heading === name || p.lines.some((l) => operation.test(l)));
}

/**
 * The stretches of the spec a source names, each a place a quoted sentence may stand in: the items numbered
 * `rule k`, the rows of a table, or the whole (sub)section. Undefined when the source names nothing there.
 */
export function specPlaces(spec: string, source: string): string[] | undefined {
  const m = SPEC_SOURCE.exec(source);
  if (!m) return undefined;
  const number = m[1]!;
  // The rest, read from its end: a rule or the table, then the part it belongs to.
  let name = m[2] ?? '';
  let rule: string | undefined;
  let table = false;
  const numbered = /(?:^| )rule (\d+)$/.exec(name);
  if (numbered) {
    rule = numbered[1]!;
    name = name.slice(0, numbered.index);
  } else if (name === 'table' || name.endsWith(' table')) {
    table = true;
    name = name.slice(0, -'table'.length);
  }
  name = name.trim();
  const section = sectionsOf(spec).get(number);
  if (!section) return undefined;
  let lines: string[];
  if (name) {
    const part = partNamed(section, name);
    if (!part) return undefined;
    lines = part.lines;
  } else lines = rule || table ? section.intro : [...section.intro, ...section.parts.flatMap((p) => p.lines)];
  if (rule) {
    const items = lines.filter((l) => l.startsWith(`${rule}. `)).map((l) => l.slice(rule.length + 2));
    return items.length > 0 ? items : undefined;
  }
  if (table) {
    const rows = lines.filter((l) => l.startsWith('|'));
    return rows.length > 0 ? rows : undefined;
  }
  return [lines.join('\n')];
}

/** The quotations of the excerpt file by their heading's source (`RFC 9110 §11.6.1`), each normalised. */
export function excerptQuotes(excerpts: string): Map<string, string[]> {
  const quotes = new Map<string, string[]>();
  let source: string | undefined;
  let quote: string[] = [];
  const flush = () => {
    if (source !== undefined && quote.length > 0) quotes.get(source)!.push(normalise(quote.join(' ')));
    quote = [];
  };
  for (const line of excerpts.split('\n')) {
    const heading = /^## (RFC \d+ §\d+(?:\.\d+)*)(?: |$)/.exec(line);
    if (heading) {
      flush();
      source = heading[1]!;
      if (!quotes.has(source)) quotes.set(source, []);
    } else if (line.startsWith('>') && source !== undefined) quote.push(line.slice(1));
    else flush();
  }
  flush();
  return quotes;
}

interface Judged {
  id: string;
  level: Level;
  basis?: readonly Basis[];
}

/**
 * What is wrong between the checks' bases and the two documents; empty when nothing is. Every basis must stand
 * verbatim where its source says; every excerpt must be some check's basis; a check resting on RFC sentences
 * alone must not outrank them (a MUST needs a MUST among them, a SHOULD a SHOULD or a MUST).
 */
export function basisProblems(checks: readonly Judged[], spec: string, excerpts: string): string[] {
  const problems: string[] = [];
  const quotes = excerptQuotes(excerpts);
  const used = new Set<string>();
  for (const c of checks) {
    const basis = c.basis ?? [];
    if ((c.level === 'MUST' || c.level === 'SHOULD') && basis.length === 0)
      problems.push(`${c.id} (${c.level}) names no basis`);
    for (const b of basis) {
      const text = normalise(b.text);
      const short = text.length > 70 ? `${text.slice(0, 70)}…` : text;
      if (b.source.startsWith('spec ')) {
        const places = specPlaces(spec, b.source);
        if (!places) problems.push(`${c.id}: "${b.source}" names no place in the spec`);
        else if (!places.some((p) => normalise(p).includes(text)))
          problems.push(`${c.id}: "${short}" does not stand in ${b.source}`);
      } else if (RFC_SOURCE.test(b.source)) {
        const there = quotes.get(b.source);
        if (!there) problems.push(`${c.id}: ${b.source} has no heading in the RFC excerpts`);
        else if (!there.includes(text))
          problems.push(`${c.id}: "${short}" is not quoted under ${b.source} in the RFC excerpts`);
        else used.add(`${b.source}\n${text}`);
      } else problems.push(`${c.id}: basis source "${b.source}" is neither the spec nor an RFC section`);
    }
    if (
      (c.level === 'MUST' || c.level === 'SHOULD') &&
      basis.length > 0 &&
      basis.every((b) => RFC_SOURCE.test(b.source))
    ) {
      const strongest = basis.some((b) => /\bMUST\b/.test(b.text))
        ? 'MUST'
        : basis.some((b) => /\bSHOULD\b/.test(b.text))
          ? 'SHOULD'
          : 'none';
      if (strongest === 'none' || (c.level === 'MUST' && strongest !== 'MUST'))
        problems.push(
          `${c.id} is ${c.level} but its RFC basis says ${strongest === 'none' ? 'neither MUST nor SHOULD' : strongest}`,
        );
    }
  }
  for (const [source, list] of quotes)
    for (const q of list)
      if (!used.has(`${source}\n${q}`))
        problems.push(
          `the RFC excerpts quote ${source} "${q.slice(0, 60)}…", which no check names as its basis`,
        );
  return problems;
}

// The spelling kinds left without a fixture because the fixtures ran out, judged around the absent id the run
// spelled instead where its answer decides: 400 or 422 refuses the spelling as no id at all (a reader that took
// it would have looked the id up and answered 404), a 404 reads alike either way. Pure; never sends.
import { flagAndEnv } from '../../lib/config/settings.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { SpellingLevel } from './catalogue.ts';
import { short } from './judge.ts';
import type { SpellingAnswer, SpellingRun } from './spelling.ts';

export interface Aside {
  /** The absent-id spellings refused as no id: each shows its kind is not read as an id. */
  refused: SpellingAnswer[];
  /** The kinds whose absent-id answer did not decide (a 404, a 5xx), with what it was. */
  undecided: string[];
  /** The kinds with no absent-id spelling sent (none safe, or the run stopped sending them). */
  unsent: string[];
}

/** What refuses a spelling as no id at all, before any lookup. */
const AS_NO_ID = new Set([400, 422]);

/** The run's answers around absent ids for `kinds` (those whose fixtures ran out), sorted by what they show. */
export function asideOf(run: SpellingRun, kinds: readonly string[]): Aside {
  const aside: Aside = { refused: [], undecided: [], unsent: [] };
  for (const kind of kinds) {
    const mine = run.answers.filter((a) => a.kind === kind && a.fixture === undefined);
    const refused = mine.filter((a) => AS_NO_ID.has(a.response.status));
    if (refused.length > 0) aside.refused.push(...refused);
    else if (mine.length === 0) aside.unsent.push(kind);
    else aside.undecided.push(`${kind} → ${[...new Set(mine.map((a) => a.response.status))].join(', ')}`);
  }
  return aside;
}

/** The aside a spelling check's sending found, for its judge. */
export const judgedAside = (level: SpellingLevel, kind?: string) =>
  memoKey<Aside>(`order-id/aside-${level}${kind ? `-${kind}` : ''}`);

/** What the aside leaves unjudged, as a verdict says it: empty when it leaves nothing. */
export function asideLeft(a: Aside): string {
  return [
    ...(a.undecided.length > 0
      ? [
          `around absent ids ${a.undecided.join(', ')}, which a reader that takes the spelling and one that refuses it answer alike`,
        ]
      : []),
    ...(a.unsent.length > 0
      ? [
          `no spelling of an absent id was sent for ${a.unsent.join(', ')} (none safe to send, or sending had stopped)`,
        ]
      : []),
  ].join('; ');
}

/** What the aside shows and what it leaves, as a verdict says it. */
export function asideText(a: Aside): string {
  const kinds = [...new Set(a.refused.map((r) => r.kind))];
  const statuses = [...new Set(a.refused.map((r) => r.response.status))].join(' or ');
  const first = a.refused[0]!;
  const left = asideLeft(a)
    ? `; not judged: ${asideLeft(a)} (list more pending orders in ${flagAndEnv('cancellableOrderIds')} to judge them)`
    : '';
  return `the fixtures ran out, so judged around absent ids: ${kinds.join(', ')} refused as no id at all (${statuses}; ${short(first.segment)} → ${first.response.status}${a.refused.length > 1 ? ` and ${a.refused.length - 1} more` : ''}), where a reader that took the spelling would have looked the id up and answered 404${left}`;
}

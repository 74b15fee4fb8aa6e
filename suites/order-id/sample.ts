// How much of the spelling catalogue a default run tries against a fixture: each kind's first variants (its
// sample), within the tries a Free-plan minute holds. Data only: spelling.ts sends, cancel.ts names what was left.
import { DEFAULT_KINDS } from './catalogue.ts';

/**
 * Tries against a fixture a default run may spend past each kind's first, on a conformant server (which refuses
 * them all): what a Free-plan minute holds beside the other checks (docs/default-run.ts). Granted rank by rank
 * (every kind's second variant before any third), in the catalogue's order. One, not two: the second went to
 * ID-CANCEL-ISOLATION's list (ISOLATION_LIST), so the malformed property keeps its generated cases (a zoo
 * misconfiguration, Fastify's default framework errors, is caught by its third).
 */
export const DEFAULT_SPARE_TRIES = 1;

/**
 * The list ID-CANCEL-ISOLATION reads between its two cancels (cancel.ts): the one request that shows a server
 * matching ids as JS numbers swap the two orders (blind round 22), paid for as the spellings below are.
 */
export const ISOLATION_LIST = 1;

/**
 * Requests a default run pays for with the malformed-id property's generated cases (malformed-run.ts), so the
 * run stays in its minute: the spelling run's spare tries, one for each kind sent against a fixture only
 * (catalogue.ts fixtureOnly), which took the place of no absent-id spelling, and the isolation check's list.
 */
export const DEFAULT_PAID_SPELLINGS =
  DEFAULT_SPARE_TRIES + DEFAULT_KINDS.filter((k) => k.fixtureOnly).length + ISOLATION_LIST;

/** How many of each kind's first variants a default run tries against a fixture, by kind name. */
export const DEFAULT_TRIES: ReadonlyMap<string, number> = (() => {
  const tries = new Map(DEFAULT_KINDS.filter((k) => k.fixture).map((k) => [k.kind, 1]));
  let spare = DEFAULT_SPARE_TRIES;
  const most = Math.max(...DEFAULT_KINDS.map((k) => k.sample ?? 1));
  for (let rank = 1; rank < most && spare > 0; rank++)
    for (const k of DEFAULT_KINDS)
      if (spare > 0 && k.fixture && Math.min(k.sample ?? 1, k.variants.length) > rank) {
        tries.set(k.kind, rank + 1);
        spare--;
      }
  return tries;
})();

/** Requests of the spelling run in a default run: one per kind, and the spare tries against a fixture. */
export const DEFAULT_SPELLINGS =
  DEFAULT_KINDS.length + [...DEFAULT_TRIES.values()].reduce((n, t) => n + t - 1, 0);

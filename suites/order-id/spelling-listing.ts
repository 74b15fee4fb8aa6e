// The spelling catalogue as docs/checks.md lists it: each kind's variants spelled around order 7, long ones
// shown by their start and length. Presentation only: what is sent is catalogue.ts's.

import { flagRef } from '../../lib/config/settings.ts';
import { LONG_MIN, SPELLING_KINDS, type SpellingLevel, spell } from './catalogue.ts';

/** A segment as docs/checks.md shows it: long ones by their start and length. */
const shown = (segment: string): string =>
  segment.length > 24 ? `${segment.slice(0, 10)}… (${segment.length} characters)` : segment;

/**
 * The catalogue as docs/checks.md lists it, around order 7: each kind's variants, for the kinds whose
 * acceptance against a fixture is one of `levels` (undefined: the kinds tried against absent ids only).
 */
export function spellingCases(
  levels: readonly (SpellingLevel | undefined)[],
  kind?: string,
): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  // A listing of malformed ids (it asks for the absent-id kinds too) leaves out a fixture-only kind's
  // canonical ids: they are no malformed id.
  const malformed = levels.includes(undefined);
  for (const k of SPELLING_KINDS)
    if (
      levels.includes(k.fixture) &&
      !(malformed && k.fixtureOnly) &&
      (kind === undefined || k.kind === kind)
    )
      // A variant that spells 7 as another does (0_7 splits no digits) is shown once.
      out[k.optIn ? `${k.kind} (with ${flagRef('exhaustive')} only)` : k.kind] = [
        ...new Set(k.variants.map((_, i) => `\`${shown(spell(k, i, 7n, LONG_MIN))}\``)),
      ];
  return out;
}

// The order the spelling run tries the catalogue's kinds in (catalogue.ts): listed order, a kind placed after
// another right behind it, those that can name only the base last. Data only; it sends nothing.
import { SPELLING_KINDS, type SpellingKind } from './catalogue.ts';

/**
 * The kinds as the spelling run tries them, each with its index in SPELLING_KINDS (which the absent-id sample
 * rotates by): the catalogue's order (a kind placed after another right behind it), those that can name only
 * the base (sameOnly) last.
 */
export const TRIAL_ORDER: ReadonlyArray<readonly [number, SpellingKind]> = [
  ...trialOrder(SPELLING_KINDS).filter(([, k]) => !k.sameOnly),
  ...trialOrder(SPELLING_KINDS).filter(([, k]) => k.sameOnly),
];

/** The kinds as listed, those placed after another (tryAfter) right behind it. */
function trialOrder(kinds: readonly SpellingKind[]): Array<readonly [number, SpellingKind]> {
  const entries = [...kinds.entries()];
  return entries
    .filter(([, k]) => k.tryAfter === undefined)
    .flatMap((e) => [e, ...entries.filter(([, k]) => k.tryAfter === e[1].kind)]);
}

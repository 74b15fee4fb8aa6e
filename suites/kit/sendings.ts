// The requests the run sends once for every check that reads them (the memos of target.ts), by name, as a
// check declares them in Needs.shared: the plan then counts each once. Data only; sends nothing.
import type { Sending } from '../../lib/check/model.ts';

const SENDINGS = {
  'order list': { requests: 1 },
  // After a keyed list of the same URL (TargetFacts.unauthenticated).
  'list without credentials': { requests: 2 },
  'cancel without credentials': { requests: 1 },
  'pets without credentials': { requests: 1 },
  'pet read': { requests: 1 },
  'cancel of an absent id': { requests: 1 },
  // With a second key, a list with it before the cancel and, when it showed the order, one after (2 more).
  'first cancel': { requests: 3, cancellable: 1 },
  'repeated cancel': { requests: 1 },
  'shipped cancel': { requests: 1 },
  'later look': { requests: 2 },
  // The state area's (suites/state/sendings.ts): the held fixture cancelled by two requests at one moment
  // beside a list, then a list after; with a second key, a list with it before and after (2 more); with a
  // spare fixture, its cancel among them and each order cancelled again after (3 more).
  'held race': { requests: 9 },
  // The pending fixtures at an int64 edge (kit/edge-fixtures.ts), when given and left untaken: a saturating
  // spelling against each, then a cancel of each.
  'int64 edge fixtures': { requests: 4 },
} as const satisfies Record<string, Sending>;

export type SendingName = keyof typeof SENDINGS;

/** What each sending needs sent first: an absent id, or a pet id, is read from the order list. */
const FIRST: Partial<Record<SendingName, readonly SendingName[]>> = {
  'cancel without credentials': ['order list'],
  'pets without credentials': ['order list'],
  'pet read': ['order list'],
  'cancel of an absent id': ['order list'],
  'repeated cancel': ['first cancel'],
  'later look': ['order list', 'first cancel'],
  'held race': ['order list'],
  'int64 edge fixtures': ['order list'],
};

/** Needs.shared for a check that reads these sendings (and what each of them needs sent first). */
export function shares(...names: SendingName[]): Record<string, Sending> {
  const out: Record<string, Sending> = {};
  const add = (name: SendingName) => {
    if (out[name]) return;
    out[name] = SENDINGS[name];
    for (const first of FIRST[name] ?? []) add(first);
  };
  for (const name of names) add(name);
  return out;
}

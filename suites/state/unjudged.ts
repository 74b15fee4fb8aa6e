// Why a state check had nothing to judge, from what the run saw: each reason names the true cause (a refusal
// that was made but whose order was never read after it, lists that never showed the cancelled order), never a
// check that passed. Pure: reads exchanges, a history and what the sendings answered.
import { flagRef } from '../../lib/config/settings.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { cancelledBy, type History, named } from './history.ts';

/** An answered request, as the reasons name it. */
export interface Answered {
  status: number;
  exchange: Exchange;
}

const list = (xs: readonly Answered[]): string => xs.map((x) => named(x)).join(', ');

/**
 * STATE-401-CHANGES-NOTHING, when no refusal was shown harmless: the cancels of `id` without a valid key and
 * the run's first cancel of it with the key, as they were answered.
 */
export function refused401Why(id: string, refusals: readonly Answered[], first?: Answered): string {
  const refused = refusals.filter((r) => r.status === 401);
  if (refused.length === 0)
    return `no cancel of pending order ${id} without a valid key was answered 401 (${list(refusals)}; see AUTH-MISSING-401 and AUTH-UNKNOWN-KEY-401), so none can show a refusal changed nothing`;
  const said = `the cancels of order ${id} without a valid key were refused with 401 (${list(refused)})`;
  if (first === undefined)
    return `${said}, but the run's first cancel of it with the key was not sent, so nothing read its state after them`;
  if (!(first.status >= 200 && first.status <= 299 && first.status !== 202))
    return `${said}, but the first cancel with the key after them answered ${first.status} (${named(first)}), not 2xx: order ${id} was never shown pending, so nothing shows the refusals left it so (see CANCEL-PENDING-204; fixtures minted for the run with ${flagRef('fixturesCommand')} are shown pending)`;
  return `${said}, and the first cancel with the key after them answered ${first.status} (${named(first)}), but no read of the run showed the order's state between them`;
}

/** How the race after the request past the limit went, as STATE-429-CHANGES-NOTHING's reason says it. */
export type RaceSeen = { skip: string } | { id: string; cancels: readonly (Answered | undefined)[] };

/**
 * STATE-429-CHANGES-NOTHING, when no refusal was shown harmless: the probe's request past the limit (a cancel
 * of the held fixture) and the race that was to read the fixture's state after it.
 */
export function overLimitWhy(over: Answered, race: RaceSeen): string {
  if (over.status !== 429)
    return `the request past the limit (${named(over)}) was answered ${over.status}, not refused with 429 (see RL-PROBE-LIMIT-ENFORCED)`;
  const said = `the request past the limit (${named(over)}) was refused with 429, but nothing after it showed the held fixture's state`;
  if ('skip' in race) return `${said}: the race that reads it did not run (${race.skip})`;
  const answered = race.cancels.filter((c): c is Answered => c !== undefined);
  if (answered.length === 0) return `${said}: no cancel of the race was answered`;
  const done = answered.filter((c) => c.status >= 200 && c.status <= 299 && c.status !== 202);
  if (done.length === 0)
    return `${said}: the race's cancels of order ${race.id} answered ${[...new Set(answered.map((c) => c.status))].join(', ')} (${list(answered)}), none 2xx, so none showed it still pending`;
  return `${said}: the race cancelled order ${race.id} (${list(done)}), yet no list or cancel between the 429 and the race read it`;
}

/**
 * STATE-LIST-AFTER-CANCEL and STATE-LIST-LAG-INFO, when no list after a successful cancel could be judged:
 * no cancel succeeded, none was followed by a list, or no list showed the cancelled orders before their
 * cancel (a list that pages, or leaves orders out, never holds them: nothing for a later list to reflect).
 */
export function noListAfterCancelWhy(h: History): string {
  const cancels = h.cancels.filter((c) => c.names.length === 1 && cancelledBy(c, c.names[0]!));
  if (cancels.length === 0) return 'no cancel of the run was answered 2xx naming one order';
  const first = cancels[0]!;
  const after = h.lists.filter((l) => l.startMs >= first.endMs);
  if (after.length === 0)
    return `no list was read after the run's first successful cancel (${named(first)}): ${h.lists.length} list${h.lists.length === 1 ? '' : 's'} were read before it`;
  const ids = [...new Set(cancels.map((c) => c.names[0]!))];
  const listedBefore = (id: string) => {
    const c = cancels.find((x) => x.names[0] === id)!;
    return h.lists.some((l) => l.endMs <= c.startMs && l.ids.has(id));
  };
  const unlisted = ids.filter((id) => !listedBefore(id));
  const some = (xs: readonly string[]) => xs.slice(0, 5).join(', ') + (xs.length > 5 ? ', …' : '');
  const listed = ids.filter((id) => !unlisted.includes(id));
  if (listed.length > 0)
    return `no list was read after the successful cancel of order${listed.length === 1 ? '' : 's'} ${some(listed)}, listed before it, and before a later request changed it again`;
  const everListed = unlisted.filter((id) => h.lists.some((l) => l.ids.has(id)));
  const shown = some(ids);
  return `${h.lists.length} lists were read (${after.length} after a successful cancel), but no list before its cancel showed the cancelled order${ids.length === 1 ? '' : 's'} (${shown})${everListed.length === 0 ? ', nor did any list at all' : ''}: nothing for a later list to reflect (a list that pages, or leaves orders out, never holds them: see LIST-HOLDS-FIXTURES)`;
}

// Why a cancel of an order already cancelled was answered 2xx, as the state findings word it: a server that
// answers 2xx to any repeat (CANCEL-REPEAT-NOT-2XX's finding), a cancellation forgotten with time, or a race,
// told apart by the repeats the run sent one after the other. Text only: decides no verdict.
import type { Exchange } from '../../lib/http/transcript.ts';
import { type CancelHistory, type SequentialRepeat, sequentialRepeats } from '../kit/cancel-histories.ts';
import type { Moment } from '../kit/lost-update.ts';
import { cancelledBy } from '../kit/target-facts.ts';

const told = (r: SequentialRepeat): string => `#${r.x.seq}, ${r.x.response!.status}`;

/** A repeat's order, as a finding about order `id` names it. */
const whose = (r: SequentialRepeat, id: string): string =>
  r.h.id === id ? 'the repeat sent at once' : `order ${r.h.id}'s repeat sent at once`;

interface Shown {
  letIn?: SequentialRepeat;
  refused?: SequentialRepeat;
  /** Both ways: a repeat answered 2xx and one refused, both the order's own or neither. */
  mixed?: [SequentialRepeat, SequentialRepeat];
}

/** What the repeats at once show of a server: 2xx to any repeat, repeats refused, or nothing to tell. */
function shownBy(histories: readonly CancelHistory[], id?: string): Shown {
  const { letIn, refused } = sequentialRepeats(histories, id);
  // The order's own repeat speaks first; other orders' only where they agree.
  const ownIn = id !== undefined && letIn?.h.id === id;
  const ownOut = id !== undefined && refused?.h.id === id;
  if (ownIn !== ownOut) return ownIn ? { letIn } : { refused };
  if (letIn && refused) return { mixed: [letIn, refused] };
  return letIn ? { letIn } : refused ? { refused } : {};
}

const bothWays = ([a, b]: [SequentialRepeat, SequentialRepeat]): string =>
  `repeats sent one after the other were answered both ways (order ${a.h.id}: ${told(a)}; order ${b.h.id}: ${told(b)}), so which this is cannot be told`;

/** STATE-CANCEL-LATER-NOT-2XX: why the later cancel of order `h.id` was answered 2xx. */
export function laterCause(histories: readonly CancelHistory[], h: CancelHistory): string {
  const shown = shownBy(histories, h.id);
  if (shown.letIn)
    return `${whose(shown.letIn, h.id)} was answered 2xx too (${told(shown.letIn)}): this server answers 2xx to any cancel of an order already cancelled, at once or later (CANCEL-REPEAT-NOT-2XX's finding), not a cancellation forgotten with time`;
  if (shown.refused)
    return `the cancellation was forgotten and the order taken for pending again: ${whose(shown.refused, h.id)} was refused (${told(shown.refused)})`;
  const either =
    'the cancellation forgotten with time, or every cancel of an order already cancelled answered 2xx';
  return shown.mixed
    ? `${either}: ${bothWays(shown.mixed)}`
    : `${either}: no repeat sent at once, one after the other, tells which`;
}

/** Why cancels at one moment both succeed where one after the other do not: either is possible, none told apart. */
const BOTH_CAUSES =
  "either the check of an order's state and its change are not one step (check-then-act), or each cancel saves the whole store from a copy read before the others' changes (the last save wins)";

const ids = (xs: readonly { id: string }[]): string =>
  xs.length === 1 ? `order ${xs[0]!.id}` : `orders ${xs.map((x) => x.id).join(', ')}`;

/** Which orders of the moment a cancel sent once all were answered found still pending, and which not. */
function stayedPending(moment: Moment): string {
  const pending = moment.after.filter((a) => cancelledBy(a.again.response!.status));
  const gone = moment.after.filter((a) => !cancelledBy(a.again.response!.status));
  const tell = (a: { id: string; again: Exchange }) =>
    `order ${a.id}: #${a.again.seq}, ${a.again.response!.status}`;
  if (pending.length > 0)
    return `cancelled again once all were answered, ${ids(pending)} stayed pending (${pending.map(tell).join('; ')})${gone.length > 0 ? `, ${ids(gone)} did not (${gone.map(tell).join('; ')})` : ''}`;
  return gone.length > 0
    ? `cancelled again once all were answered, none stayed pending (${gone.map(tell).join('; ')})`
    : '';
}

const named = (o: { id: string; statuses: readonly number[] }) => `order ${o.id} (${o.statuses.join(', ')})`;

/** What the moment showed beyond the one order: the other orders cancelled with it, and which stayed pending. */
function seenAt(moment: Moment | undefined): string {
  if (!moment) return '';
  const others = moment.others.map(named).join(', ');
  const stayed = stayedPending(moment);
  return `${others ? `; cancels of ${others} went at that moment too` : ''}${stayed ? `; ${stayed}` : ''}`;
}

/**
 * STATE-CANCEL-RACE: cancels of different orders at one moment, more than one served, after which a cancel of
 * order `id` (statuses `own` at the moment) was served again: which orders went together, which stayed pending.
 */
export function lostCause(id: string, own: readonly number[], moment: Moment): string {
  const orders = [named({ id, statuses: own }), ...moment.others.map(named)].join(' and ');
  return `cancels of ${orders} went at one moment, more than one served; ${stayedPending(moment)}: a cancel answered 2xx did not take effect: either each cancel saves the whole store from a copy read before the others' changes (the last save wins), or a cancel's check of an order and its change are not one step (check-then-act)`;
}

/** STATE-CANCEL-RACE: what a group of cancels on the wire together, more than one 2xx, shows of a race. */
export function raceCause(
  histories: readonly CancelHistory[],
  id: string,
  won: readonly Exchange[],
  group: readonly Exchange[],
  moment?: Moment,
): string {
  const statuses = group.map((x) => x.response!.status).join(', ');
  const head = `${won.length} of ${group.length} cancels of order ${id} on the wire together succeeded (${statuses})`;
  const shown = shownBy(histories);
  if (shown.letIn)
    return `${head}, as any cancel of an order already cancelled does on this server: order ${shown.letIn.h.id}'s repeat, sent after its cancel was answered, got 2xx too (${told(shown.letIn)}; CANCEL-REPEAT-NOT-2XX's finding), so they show no race`;
  const race = `${head}: the order was cancelled more than once, though the first left it no longer pending${seenAt(moment)}`;
  if (shown.refused)
    return `${race}; a repeat sent after its cancel was answered is refused (order ${shown.refused.h.id}: ${told(shown.refused)}), so only cancels at one moment both succeed: ${BOTH_CAUSES}`;
  return shown.mixed
    ? `${race}; ${bothWays(shown.mixed)}`
    : `${race}; no repeat sent one after the other tells a race from a server that answers 2xx to every repeat`;
}

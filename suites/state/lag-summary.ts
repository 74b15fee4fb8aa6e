// What STATE-LIST-LAG-INFO says the lists showed after the cancels: each cancelled order gone at once, gone
// after a lag, never gone, or shown again after a list had it gone, so the INFO never reads "at once" where
// STATE-LIST-AFTER-CANCEL found a list that showed the store before a cancel. Pure: words a list of lags.
import type { Lag } from './after-cancel.ts';
import { secondsBetween } from './history.ts';

const ids = (ls: readonly Lag[]) =>
  `order${ls.length === 1 ? '' : 's'} ${ls
    .slice(0, 4)
    .map((l) => l.id)
    .join(', ')}${ls.length > 4 ? ` and ${ls.length - 4} more` : ''}`;

/** The INFO's one sentence, before the lag allowed; `lists` is how many lists came after a cancel. */
export function lagSummary(all: readonly Lag[], lists: number): string {
  const gone = all.filter((l) => l.firstGoneMs !== undefined);
  if (gone.length === 0)
    return `cancelled orders stay listed (${lists} lists after a cancel): no lag to measure`;
  const lagged = gone
    .filter((l) => l.lastShownMs !== undefined && l.lastShownMs < l.firstGoneMs!)
    .sort((a, b) => b.lastShownMs! - a.lastShownMs!);
  // Listed in every list after its cancel, though other cancelled orders left the list.
  const stayed = all.filter((l) => l.firstGoneMs === undefined);
  // Shown by a list later than one that had it gone: a copy older than the store served after a fresh one.
  const back = gone.filter((l) => l.lastShownMs !== undefined && l.lastShownMs > l.firstGoneMs!);
  const longest = lagged[0];
  const head =
    longest !== undefined
      ? `lists lagged a cancel by at least ${secondsBetween(0, longest.lastShownMs!)} and less than ${secondsBetween(0, longest.firstGoneMs!)} (order ${longest.id}: still listed, then gone)`
      : stayed.length + back.length === 0
        ? 'lists reflected every cancel at once'
        : `${ids(gone)} left the list with no list showing ${gone.length === 1 ? 'it' : 'them'} after ${gone.length === 1 ? 'its' : 'their'} cancel`;
  const latest = (ls: readonly Lag[]) => Math.max(...ls.map((l) => l.lastShownMs ?? 0));
  const parts = [
    `${head} (${lists} lists after a cancel)`,
    ...(stayed.length > 0
      ? [
          `but ${ids(stayed)} stayed listed in every list after ${stayed.length === 1 ? 'its' : 'their'} cancel (the latest ${secondsBetween(0, latest(stayed))} after ${stayed.length === 1 ? 'it' : 'the cancel'})`,
        ]
      : []),
    ...(back.length > 0
      ? [
          `and ${ids(back)} listed again after a list had shown ${back.length === 1 ? 'it' : 'them'} gone (the latest ${secondsBetween(0, latest(back))} after ${back.length === 1 ? 'its' : 'their'} cancel)`,
        ]
      : []),
  ];
  return parts.join(', ');
}

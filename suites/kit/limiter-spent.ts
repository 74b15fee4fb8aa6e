// The key's requests served while its count stood spent: an answer of another operation served 2xx between
// an answer that left Remaining 0 and the 429 that count gave next. Pure: reads exchanges, never sends; the
// checks that report it choose the words and the level (uncounted: the limit; counted apart: one count).
import type { Exchange } from '../../lib/http/transcript.ts';
import { type Key, type KeyRequest, keyRequests } from './limiter-requests.ts';

/** How soon after the Remaining 0 the 429 must follow, so the three are read as one moment of the count. */
const WITHIN_MS = 5000;

export interface SpentServed {
  /** The answer that left the count at 0. */
  spent: KeyRequest;
  /** The request of another operation served right after it. */
  served: KeyRequest;
  /** The 429 the spent count gave next, to a request of the first one's operation. */
  refused: KeyRequest;
  /**
   * Why the served answer shows its request took nothing from any count (a placeholder Remaining at the
   * Limit, or the very Remaining and Reset of its operation's previous answer repeated); unset when it
   * continues a count of its own.
   */
  uncounted?: string;
}

const served2xx = (r: KeyRequest) => r.status !== undefined && r.status >= 200 && r.status < 300;

/** The answer of `r`'s operation before it (the key's, with a Remaining), or undefined. */
function previousOfRoute(requests: readonly KeyRequest[], i: number): KeyRequest | undefined {
  const route = requests[i]!.parts.route;
  for (let j = i - 1; j >= 0; j--) {
    const p = requests[j]!;
    if (p.parts.route === route && p.usable) return p;
  }
  return undefined;
}

function uncountedWhy(requests: readonly KeyRequest[], i: number): string | undefined {
  const s = requests[i]!;
  if (s.limit !== undefined && s.remaining! >= s.limit)
    return `its X-RateLimit-Remaining ${s.remaining} says the whole Limit ${s.limit} is left, which no counted request leaves`;
  const p = previousOfRoute(requests, i);
  if (p && p.reset !== undefined && p.reset === s.reset && p.remaining! <= s.remaining!)
    return `its X-RateLimit-Remaining ${s.remaining} and Reset ${s.reset} repeat those of the previous ${s.parts.route} (#${p.x.seq}), so it took nothing from any count (an answer replayed, as a cache before the limiter serves it)`;
  return undefined;
}

/**
 * Each served answer of another operation between a Remaining 0 and the 429 of the same count: the three
 * consecutive among the key's requests, the last two in flight with no other, the 429 within WITHIN_MS of the 0 and
 * naming the same Reset when both name one. One count per key cannot serve it and still refuse the next: a
 * token that came back would be spent by it (Remaining 0 on it), or serve the next one too.
 */
export function servedWhileSpent(
  exchanges: readonly Exchange[],
  baseUrl: string,
  key: Key = 'primary',
): SpentServed[] {
  const requests = keyRequests(exchanges, new URL(baseUrl).pathname).filter((r) => r.key === key);
  const out: SpentServed[] = [];
  // The latest answer before each request: the spent one may close a group sent together, so long as the
  // served one left after every request before it was answered.
  let answered = Number.NEGATIVE_INFINITY;
  for (let i = 1; i + 1 < requests.length; i++) {
    const [spent, served, refused] = [requests[i - 1]!, requests[i]!, requests[i + 1]!];
    answered = Math.max(answered, spent.receivedAtMs);
    if (served.sentAtMs + 1 < answered || served.concurrent || refused.concurrent) continue;
    if (!spent.usable || spent.remaining !== 0 || refused.status !== 429) continue;
    if (!served2xx(served) || served.remaining === undefined || served.remaining <= 0) continue;
    if (served.parts.route === spent.parts.route || refused.parts.route !== spent.parts.route) continue;
    if (refused.foreign !== spent.foreign || refused.receivedAtMs - spent.receivedAtMs > WITHIN_MS) continue;
    if (spent.reset !== undefined && refused.reset !== undefined && spent.reset !== refused.reset) continue;
    const uncounted = uncountedWhy(requests, i);
    out.push({ spent, served, refused, ...(uncounted !== undefined ? { uncounted } : {}) });
  }
  return out;
}

/**
 * Whether some answer of `route` for the key repeated the Remaining and Reset of that operation's previous
 * answer although an answer of the key between them, naming the same Reset, had fallen below it: one count
 * per key never climbs back within a window, so that operation's answers are replayed or counted apart.
 */
export function routeRepeats(
  exchanges: readonly Exchange[],
  baseUrl: string,
  route: string,
  key: Key = 'primary',
): boolean {
  const requests = keyRequests(exchanges, new URL(baseUrl).pathname).filter((r) => r.key === key && r.usable);
  let last: number | undefined;
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i]!;
    if (r.parts.route !== route) continue;
    const p = last === undefined ? undefined : requests[last]!;
    last = i;
    if (!p || p.reset === undefined || p.reset !== r.reset || p.remaining !== r.remaining) continue;
    const between = requests.slice(requests.indexOf(p) + 1, i);
    if (between.some((b) => b.reset === r.reset && b.remaining! < r.remaining!)) return true;
  }
  return false;
}

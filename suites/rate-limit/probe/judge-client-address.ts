// Pure reading of the walk's requests that named another client address (client-address.ts) into
// RL-PROBE-FORWARDED-HEADERS's findings: each either counted with the key's requests or stepped around the
// limit, told apart by the answer that followed it. Never sends, never chooses a level.
import { countedApart, FORWARDING_HEADERS } from './client-address.ts';
import { type Judgement, judged, type ProbeFinding } from './judgement.ts';
import { left, type Sample, type Walk } from './record.ts';
import { windowStarts } from './windows.ts';

/** How a request that named another address fared. */
type Fate =
  | 'refused in time'
  | 'counted with the key'
  | 'stepped past the limit'
  | 'a count of its own'
  | 'unclear';

/**
 * The walk's samples just before and just after `s` (by its position in the sequence): a spoofed request's
 * neighbours here, a re-spelled one's in judge-key-spelling.ts.
 */
export function around(walk: Walk, s: Sample): { prev?: Sample; next?: Sample } {
  const prev = [...walk.samples].reverse().find((x) => x.n < s.n);
  const next = walk.samples.find((x) => x.n > s.n);
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) };
}

/** Whether `next` is in the same window as `prev` (no window began between them). */
const sameWindow = (prev: Sample, next: Sample): boolean => !windowStarts([prev, next])[1];

function fateOf(walk: Walk, s: Sample): Fate {
  if (s.status === 429) return 'refused in time';
  if (!walk.apart.includes(s)) return 'counted with the key';
  const { prev, next } = around(walk, s);
  if (!prev || !next) return 'unclear';
  const was = left(prev);
  // Served when the key had nothing left, and the key's next request refused: the limit held for the key,
  // not for the address the request named.
  if (was === 0 && (next.status === 429 || walk.limited === next)) return 'stepped past the limit';
  // A count well above the key's, and the key's next answer going on from before it: counted apart.
  const after = left(next);
  if (was !== undefined && after !== undefined && sameWindow(prev, next) && after >= was - 1 && after <= was)
    return 'a count of its own';
  return 'unclear';
}

/**
 * The control: the key's own requests of the walk, sent without those headers, whose answers did what a
 * request naming another address is blamed for (a count well above the one before it, or served after a
 * Remaining of 0 with a count above nothing): several counts behind one key do it to every request alike.
 * The answer where the walk saw its window turn (rolledAt) is the new window's whole limit, not a count apart.
 */
function plainApart(walk: Walk): Sample[] {
  const plain = walk.samples.filter((s) => !s.spoofed);
  return plain.filter(
    (s, i) => i > 0 && s.status !== 429 && s.n !== walk.rolledAt && countedApart(plain[i - 1]!, s),
  );
}

/** A reason to skip (a string) when the walk named no address, or learnt nothing from those it named. */
export function judgeClientAddress(walk: Walk): Judgement | string {
  const named = walk.spoofed;
  if (named.length === 0)
    return 'the walk was too short to name another client address on any of its requests (its 3rd, its 5th, or the one after Remaining 0)';
  const refused = walk.headersRefused;
  const fates = named.filter((s) => !refused.includes(s)).map((s) => [s, fateOf(walk, s)] as const);
  const stepped = fates.filter(([, f]) => f === 'stepped past the limit').map(([s]) => s);
  const own = fates.filter(([, f]) => f === 'a count of its own').map(([s]) => s);
  const findings: ProbeFinding[] = [];
  const headers = FORWARDING_HEADERS.join(', ');
  if (stepped.length > 0) {
    const s = stepped[0]!;
    findings.push({
      message: `request #${s.n}, sent when X-RateLimit-Remaining was 0 and naming ${s.spoofed} as the client in ${headers}, was served (${s.status}, Remaining ${left(s) ?? 'absent'}) while the key's next request was refused: the limit is stepped around by headers the client writes`,
      sample: s,
      expected: '429, as for any request past the limit',
      actual: String(s.status),
    });
  }
  // One fresh-looking count is what a refill can show too: two of them are the limiter's rule.
  if (own.length >= 2 || (own.length > 0 && stepped.length > 0)) {
    const s = own[0]!;
    findings.push({
      message: `${own.length} requests naming another client address (the first #${s.n}, as ${s.spoofed}) were answered from a count of their own (Remaining ${left(s)}), while the key's requests around them went on counting without them`,
      sample: s,
      expected: "Remaining going on from the key's count",
      actual: `Remaining ${left(s)}`,
    });
  }
  // Blamed on the headers only against a control of the same requests without them.
  const control = plainApart(walk);
  if (findings.length > 0 && control.length > 0) {
    const c = control[0]!;
    return `the key's own requests, sent without those headers, did the same ${control.length} time(s) (the first #${c.n}, Remaining ${left(c)} after ${left(walk.samples[walk.samples.indexOf(c) - 1]!)}): the key's count moves apart with or without them (several counts behind one key, see RL-PROBE-LIMITER-MODEL), so nothing shows the headers chose the count`;
  }
  const notes = [
    ...(refused.length > 0
      ? [
          `the server refused a request naming another client address (${refused[0]!.status} on request #${refused[0]!.n}): such headers cannot step around its limit, and the walk named none after`,
        ]
      : []),
    ...fates
      .filter(([, f]) => f === 'unclear')
      .map(([s]) => `request #${s.n} (as ${s.spoofed}) could not be told apart from a window that turned`),
  ];
  const judgedCount = fates.filter(([, f]) => f !== 'unclear').length + refused.length;
  if (judgedCount === 0 && findings.length === 0)
    return `nothing shows how the requests that named another client address were counted (${notes.join('; ')})`;
  const kept = fates.filter(([, f]) => f === 'counted with the key' || f === 'refused in time');
  return judged(
    `${kept.length} requests naming another client address (${named.map((s) => s.spoofed).join(', ')}) in ${headers} counted with the key's${kept.some(([s]) => s.status === 429) ? ', and the one past the limit was refused with 429' : ''}`,
    Math.max(1, judgedCount),
    findings,
    notes,
  );
}

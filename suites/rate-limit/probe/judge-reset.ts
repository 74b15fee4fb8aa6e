// Pure reading of X-RateLimit-Reset through the walk into RL-PROBE-RESET-WINDOW's findings: Unix seconds, not
// in the past, within a day, never moving back within a window. Never sends, never chooses a level.
import {
  RESET_DELTA_BELOW,
  RESET_MILLIS_ABOVE,
  serverDateMs,
} from '../../../lib/formats/rate-limit-headers.ts';
import { count } from '../../../lib/words.ts';
import { grouped, type Judgement, judged } from './judgement.ts';
import { RESET_HORIZON_MS, type Sample, seconds } from './record.ts';
import { served, sideBySide } from './served.ts';
import { windowStarts } from './windows.ts';

/** When the request of a sample left, by our clock; NaN (never "before") when its exchange has no time. */
const sentAtMs = (s: Sample): number => Date.parse(s.response.exchange?.startedAt ?? '');

/**
 * The earliest moment the server can have answered: its Date, else the moment the request left (a loaded
 * client reads an answer late; the server may have written it at any moment since the request left).
 */
function earliestAnswerMs(s: Sample): number {
  if (serverDateMs(s.response.headers) !== undefined) return s.serverNowMs;
  const sent = sentAtMs(s);
  return Number.isNaN(sent) ? s.serverNowMs : Math.min(sent, s.serverNowMs);
}

export function judgeReset(samples: Sample[]): Judgement | string {
  const withReset = samples.filter((s) => s.reset !== undefined);
  // Nothing to judge is no pass: the check is not evaluated, and says where the Reset went.
  if (withReset.length === 0)
    return 'no numeric X-RateLimit-Reset in the walk to judge (see RL-HEADERS-PRESENT and RL-HEADERS-VALID)';
  const at = (s: Sample) => `X-RateLimit-Reset ${s.reset} on request #${s.n}`;
  const total = withReset.length;
  const ms = withReset.filter((s) => s.reset! > RESET_MILLIS_ABOVE);
  const delta = withReset.filter((s) => s.reset! < RESET_DELTA_BELOW);
  const unix = withReset.filter((s) => s.reset! <= RESET_MILLIS_ABOVE && s.reset! >= RESET_DELTA_BELOW);
  // Reset is whole seconds and Date truncates to the second: 1.5 s of slack before "in the past".
  const past = unix.filter((s) => s.reset! * 1000 < earliestAnswerMs(s) - 1500);
  const far = unix.filter((s) => s.reset! * 1000 > s.serverNowMs + RESET_HORIZON_MS);
  const starts = windowStarts(samples);
  // Several counters behind one key, side by side (worker processes each counting on its own): each names
  // the moment its own count resets, which differs from its neighbour's when their windows began apart, and
  // which answer comes from which is the counting's fault (RL-PROBE-LIMIT-ENFORCED's, spec §8 rule 3). A Reset
  // back at one another answer of the window already named (within rounding) is the answers switching counts,
  // no move of one window's Reset: not a step. Read from the answers alone, so the walk and a recording of it
  // (whichever of the windows either holds) read it alike.
  const apart = sideBySide(samples.filter(served));
  const named: number[] = [];
  let across = 0;
  const step = (cur: Sample, i: number): number | undefined => {
    const prev = samples[i - 1];
    if (starts[i]) named.length = 0;
    if (cur.reset !== undefined) named.push(cur.reset);
    if (prev?.reset === undefined || cur.reset === undefined || starts[i]) return undefined;
    if (apart && cur.reset !== prev.reset && named.slice(0, -1).some((r) => Math.abs(r - cur.reset!) <= 1)) {
      across += 1;
      return undefined;
    }
    // Sent before the previous answer came back (the walk's requests sent together, put in the order their
    // Remaining reads: count-order.ts): the server may have handled the two in either order, and a token
    // bucket refilling while a loaded client's group trickles in reads Remaining out of the order it served
    // them in. Their Resets have no order our clock can support: not a step.
    if (sentAtMs(cur) < prev.response.receivedAtMs) return undefined;
    return cur.reset - prev.reset;
  };
  // Reset moving back means the moment it named was wrong. Moving later is what a limiter that frees
  // capacity gradually reports (a token bucket is full again later with every request): recorded only.
  const steps = samples.map(step);
  const moved = samples.filter((_, i) => (steps[i] ?? 0) < -1);
  const later = samples.filter((_, i) => (steps[i] ?? 0) > 1);
  const findings = [
    ...grouped(ms, total, (f) => `${at(f)} is in Unix milliseconds, not seconds (above 10^12)`),
    ...grouped(
      delta,
      total,
      (f) => `${at(f)} is a delta (seconds until the reset), not a Unix timestamp (below 10^9)`,
    ),
    ...grouped(
      past,
      total,
      (f) => `${at(f)} names a moment ${seconds(f.serverNowMs - f.reset! * 1000)} before the response`,
    ),
    ...grouped(
      far,
      total,
      (f) =>
        `${at(f)} is ${seconds(f.reset! * 1000 - f.serverNowMs)} ahead: more than a day (the longest window) plus skew`,
    ),
    ...grouped(
      moved,
      total,
      (f) => `${at(f)} moved back from ${samples[samples.indexOf(f) - 1]!.reset} within the same window`,
    ),
  ];
  const notes = [
    ...(later.length > 0
      ? [
          `Reset moved later with requests ${later.length} times (e.g. ${at(later[0]!)}): a limiter that frees capacity gradually (token bucket) names when it is full again`,
        ]
      : []),
    ...(across > 0
      ? [
          `Reset differed ${across} times between answers of X-RateLimit-Remaining counts running side by side (several counters behind one key, each naming its own window's end: see RL-PROBE-LIMIT-ENFORCED): not read as a move`,
        ]
      : []),
  ];
  return judged(
    `Unix seconds, ahead by less than a day, ${later.length > 0 ? 'never moving back' : 'constant through the window'} (${count(total, 'response')})`,
    total,
    findings,
    notes,
  );
}

/**
 * Why the walk shows X-RateLimit-Remaining cannot size anything, or undefined when it counted one per request
 * where it was sent. Unreliable: it went negative, it never fell, it fell by more than one on one request (a
 * burst sized by it would overshoot), or it stayed or rose on a step while the limiter shows no gradual
 * refill that would explain it (a token bucket's stays are tokens coming back). Absent is not unreliable:
 * the burst reads it elsewhere.
 */

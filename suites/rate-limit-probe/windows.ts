// Where the probe's sequence crosses into a new rate-limit window, decided only from what is still reliable:
// the time elapsed against the first Reset of the window that read as a plausible Unix time, else Remaining
// rising. A Reset found broken (a delta, milliseconds, or rolling forward) never makes a window on its own.
import { RESET_DELTA_BELOW, RESET_MILLIS_ABOVE } from '../../lib/formats/rate-limit-headers.ts';
import { RESET_HORIZON_MS, type Sample } from './record.ts';

/** Whole-second Reset values, and the server's whole-second Date: a second of slack either way. */
const ROUNDING_MS = 1000;

/** The local moment a sample's Reset names, when Reset reads as a Unix time in seconds not in the past. */
export function saneResetAtMs(s: Sample): number | undefined {
  if (s.reset === undefined || s.resetAtMs === undefined) return undefined;
  if (s.reset > RESET_MILLIS_ABOVE || s.reset < RESET_DELTA_BELOW) return undefined;
  const at = s.response.receivedAtMs;
  if (s.resetAtMs < at - 1500 || s.resetAtMs > at + RESET_HORIZON_MS) return undefined;
  return s.resetAtMs;
}

/**
 * For each sample, whether it begins a later window than the sample before it. With a usable Reset: the
 * window's first Reset moment has come (within rounding) and Remaining did not visibly keep falling.
 * Without one: Remaining rose.
 */
export function windowStarts(samples: readonly Sample[]): boolean[] {
  const starts: boolean[] = samples.map(() => false);
  let end: number | undefined;
  samples.forEach((cur, i) => {
    const prev = samples[i - 1];
    if (prev) {
      const both = prev.remaining !== undefined && cur.remaining !== undefined;
      const rose = both && cur.remaining! > prev.remaining!;
      const fell = both && cur.remaining! < prev.remaining!;
      const rolled = end !== undefined ? cur.response.receivedAtMs >= end - ROUNDING_MS && !fell : rose;
      if (rolled) {
        starts[i] = true;
        end = undefined;
      }
    }
    end ??= saneResetAtMs(cur);
  });
  return starts;
}

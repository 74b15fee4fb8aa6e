// The MUST checks a zoo run may leave out with an honest reason (what the target's stack answers leaves nothing
// to judge), shared by zoo.test.ts and `npm run zoo`, so a repeat that flips such a check from pass to skip
// is the same news in both: not a loud run, not an unstable verdict.
import type { Flavour } from '../../targets/zoo-target.ts';

/** Left out by every zoo run: a limit the spec's plans name, which a zoo target does not announce. */
const ALWAYS = ['RL-PROBE-PLAN-LIMIT'];

/** Whether the MUST check `id`, left out with `reason`, was left out honestly on this target. */
export function honestSkip(id: string, reason: string, flavour: Flavour | undefined): boolean {
  if (ALWAYS.includes(id)) return true;
  if (flavour && /--skip-rate-limit-probe/.test(reason)) return true;
  // A stack that refuses HEAD as a method (FastAPI, Tornado: 405, which HTTP-HEAD-REFUSED-INFO records)
  // answers no HEAD whose Content-Length could be judged.
  if (id === 'HTTP-HEAD-CONTENT-LENGTH' && /^no HEAD with the key was answered/.test(reason)) return true;
  // A limiter that gives tokens back (go-nethttp's x/time/rate) may serve the held fixture's cancel sent past
  // Remaining 0 as a token came back: no refusal to judge, an honest skip (a count that gives nothing back and
  // serves it fails RL-PROBE-LIMIT-ENFORCED, which the run's silence asserts).
  return id === 'STATE-429-CHANGES-NOTHING' && /was answered 2\d\d, not refused with 429/.test(reason);
}

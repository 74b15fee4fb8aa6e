// The walk's one pause inside a long window (walk.ts), so that X-RateLimit-Reset shows whether it stays put.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tools } from '../../kit/context.ts';
import { left, type Sample, seconds } from './record.ts';
import type { ProbeSender } from './sender.ts';
import { saneResetAtMs } from './windows.ts';

/** The one pause the walk makes inside a long window, so that Reset shows whether it stays put. */
export const WALK_PAUSE_MS = 2500;
/** The pause is made when the window has at least this much left beyond it, or when its end is at hand. */
const PAUSE_ROOM_MS = 4000;
const AT_HAND_MS = 1000;

/**
 * Inside a long window a fast run spends the whole walk within a fraction of a second, so a Reset that is
 * always "now + window" looks constant and one that names the window's start looks current. Once, after
 * the walk's first request, it waits WALK_PAUSE_MS when the window has room for it, or when Reset says it
 * ends within a second (not otherwise: a short window's end could fall inside the pause). Nothing is sent
 * meanwhile, so a fixed window's Reset is unchanged after it (RL-HEADERS-RESET-STABLE) and still ahead
 * (RL-PROBE-RESET-WINDOW), or the window has turned.
 */
export async function pauseInWindow(env: Tools, sender: ProbeSender, s: Sample): Promise<void> {
  const end = saneResetAtMs(s);
  const now = left(s);
  if (end === undefined || now === undefined || now < 3) return;
  // A moment at hand (a second or less away) is let pass: the window must turn, or Reset named no end.
  const until = end - Date.now();
  if (until > AT_HAND_MS && until < WALK_PAUSE_MS + PAUSE_ROOM_MS) return;
  env.log(
    `  pausing ${seconds(WALK_PAUSE_MS)} inside the window, so X-RateLimit-Reset shows whether it stays put`,
  );
  sender.waitedMs += WALK_PAUSE_MS;
  await sleep(WALK_PAUSE_MS);
}

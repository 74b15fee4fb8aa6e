// The one rule that keeps a locked key off the wire: a key the target banned, or one that must wait longer than
// the run may, is sent in no form at all (key-watch.ts notes bans, pacer.ts the waits).
import { LimitError } from '../config/limits.ts';
import { flagAndEnv } from '../config/settings.ts';
import { HarnessError } from '../errors.ts';
import type { KeyWatch } from './key-watch.ts';
import { type Pacer, waitText } from './pacer.ts';
import { type Auth, keyCarried } from './wire.ts';

/**
 * A key the target banned, or that a Retry-After (or a spent window) keeps waiting longer than the run may,
 * goes out in no form at all (bearer, altered, Basic, query): any of them could extend the ban.
 */
export function refuseLockedKey(auth: Auth, watch: KeyWatch, pacer: Pacer): void {
  const key = keyCarried(auth);
  if (key === undefined) return;
  const ban = watch.banOf(key);
  if (ban)
    throw new HarnessError(
      'E_BANNED',
      `not sent: the target banned the ${key} key (${ban.evidence}); no form of it is sent again in this run`,
    );
  const wait = pacer.locked(key);
  if (!wait) return;
  // Past a day no wait the run could make helps: waiting is the user's, not a setting's.
  if (wait.beyondAnyWindow)
    throw new HarnessError(
      'E_RATE_LIMIT_WAIT',
      `not sent: the ${key} key's window is spent (X-RateLimit-Remaining 0) and resets ${waitText(wait.ms)} from now (X-RateLimit-Reset), so no form of it is sent in this run; rerun once it has reset, or with another key`,
    );
  // The server's own Reset names a moment the run could wait for, and its Retry-After one far past it (a delay
  // in milliseconds reads so): the run keeps to Retry-After (spec §8 rule 4), and says whose the wait is.
  if (wait.reason === 'Retry-After' && wait.resetInMs !== undefined && wait.resetInMs <= pacer.maxWaitMs)
    throw new HarnessError(
      'E_RATE_LIMIT_WAIT',
      `not sent: the ${key} key may not send for ${waitText(wait.ms)} (Retry-After), though its 429's X-RateLimit-Reset ${wait.resetInMs > 0 ? `names a moment ${waitText(wait.resetInMs)} away` : 'named a moment that has passed'}: the target's two fields disagree (see RL-PROBE-RETRY-AFTER-CONSISTENT), and this run waits as Retry-After says (spec §8 rule 4), longer than the ${Math.round(pacer.maxWaitMs / 1000)} s it may (${flagAndEnv('maxWaitSeconds')}), so no form of it is sent`,
    );
  throw new LimitError(
    'E_RATE_LIMIT_WAIT',
    `not sent: the ${key} key may not send for ${waitText(wait.ms)} (${wait.reason}), longer than the ${Math.round(pacer.maxWaitMs / 1000)} s this run may wait, so no form of it is sent`,
    'maxWaitSeconds',
  );
}

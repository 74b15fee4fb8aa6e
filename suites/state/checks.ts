// State over time (spec §3, §4 cancelOrder rule 1): what the run's requests did to the store. The first
// cancel looked at again once a rate-limit window has passed; refusals that must change nothing; a race of
// cancels; sequences; and every list of the run judged against the store model. Runs after the rate-limit
// probe (which waits out a window and sends the held fixture's cancel past the limit), its judges last; the
// 401 refusals go out earlier, before the first cancel, whose answer shows they changed nothing.

import { suite } from '../kit/context.ts';
import { laterChecks } from './later-checks.ts';
import { listChecks } from './lists.ts';
import { raceCheck } from './race.ts';
import { refusedAbsent, refusedBeforeFirstCancel, refusedOverLimit, refusedShipped } from './refusals.ts';
import { sequenceCheck } from './sequence.ts';

export const stateOverTime = suite({
  id: 'STATE',
  title: 'State over time',
  spec: 'spec §3; spec §4 cancelOrder rule 1',
  checks: [
    ...laterChecks,
    // What the area sends, then the judges of what the whole run did, which read all of it.
    sequenceCheck,
    raceCheck,
    refusedOverLimit,
    refusedShipped,
    ...listChecks,
  ],
});

/**
 * Refusals sent before the run's first cancel (after the first list), while the store is as the run found
 * it: a 404 of an absent id, then the 401s of the pending fixture that the first cancel then takes.
 */
export const stateBeforeFirstCancel = suite({
  id: 'STATE',
  title: 'State before the first cancel',
  spec: 'spec §1; spec §4; spec §5',
  checks: [refusedAbsent, refusedBeforeFirstCancel],
});

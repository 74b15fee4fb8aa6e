// The zoo's requirement probes run once per test run, not once per zoo file: the first file to ask probes and
// leaves the answers in the run's private TMPDIR (test/support/reports-valid.ts), the other reads them. Test
// support; the answers are the same probes', so a target is skipped, or not, as it was.
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { adoptRequirementAnswers, checkRequirements, requirementAnswers } from '../../targets/launch.ts';
import type { ZooTarget } from '../../targets/zoo-target.ts';

/** How long a file waits for the answers another is probing for, before it probes itself (they take ~4 s). */
const WAIT_MS = 30_000;
const POLL_MS = 200;

/**
 * checkRequirements(zoo), shared by the zoo files of one test run: the first to come probes (the probes import
 * each stack's framework: 2-3 s of CPU) and writes what they answered; one that comes meanwhile waits for that,
 * at most `waitMs`, and a file whose TMPDIR holds no such answers (run alone) probes as before.
 */
export async function requirementsOnce(
  zoo: readonly ZooTarget[],
  { dir = tmpdir(), waitMs = WAIT_MS }: { dir?: string; waitMs?: number } = {},
): Promise<void> {
  const answers = join(dir, 'zoo-requirements.json');
  const claim = join(dir, 'zoo-requirements.lock');
  let mine = false;
  try {
    closeSync(openSync(claim, 'wx'));
    mine = true;
  } catch {
    // Another file of this run probes, or did.
  }
  if (!mine) {
    for (let waited = 0; waited <= waitMs && !existsSync(answers); waited += POLL_MS) await sleep(POLL_MS);
    if (existsSync(answers)) adoptRequirementAnswers(JSON.parse(readFileSync(answers, 'utf8')));
  }
  // Whatever was not answered (the other file's probes never came, a target it did not know) is probed here.
  await checkRequirements(zoo);
  if (mine) {
    writeFileSync(`${answers}.part`, JSON.stringify(requirementAnswers()));
    renameSync(`${answers}.part`, answers);
  }
}

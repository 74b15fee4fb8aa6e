// The walk's group of Limit + 1 sent at once with the held fixture's cancel last (paced.ts, a walk slowed by a
// loaded machine): its recording, judged passively, reads the same walk and the same verdicts as the run.
import { expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { MINTED } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { disagreements, judgeRun } from '../support/passive.ts';

/** Checks the walk's 429 decides: judged from the recording as the run judged them. */
const WALKED = [
  'RL-PROBE-LIMIT-ENFORCED',
  'RL-PROBE-RESET-WINDOW',
  'RL-PROBE-429-HEADERS',
  'RL-PROBE-RECOVERY',
];

it('a paced group whose last request is another (the held cancel) is read from the recording as the walk read it', async () => {
  // Ten per 2 s answered 400 ms late: each window turns before the walk can spend it one at a time, so it
  // waits for the next and sends eleven together, the held fixture's cancel (another URL) the last of them.
  const server = await startReferenceServer({ rateLimit: { limit: 10, windowSeconds: 2 }, delayMs: 400 });
  const run = await runCliInProcess(['--seed', '11', ...MINTED, '--only', 'RL-,STATE-'], {
    env: targetEnv(server),
  }).finally(() => server.close());
  expect(run.stdout).toMatch(/11 requests \(Limit \+ 1\) go together/);
  const passive = await judgeRun(run, { trustOrderList: true });
  for (const id of WALKED) {
    expect(checkOf(run, id).status, `${id}\n${run.stdout}`).toBe('pass');
    // A recording that left the group out lost the walk's 429: every one of these was "not observed".
    expect(passive.checks.find((c) => c.id === id)?.status, id).toBe('pass');
  }
  expect(disagreements(run.report!, passive, run)).toEqual([]);
}, 90_000);

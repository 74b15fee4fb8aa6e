// STATE-SEQUENCE end to end: against a server that answers a cancel of an absent id 204, the generated
// sequences fail, the failing one is reported as numbered steps with a curl line each (not shrunk: every
// shrink step would send that DELETE of an id not given again), and the printed flags replay it alone
// (failing again there, passing on the faithful server); a failure that needs no such DELETE is shrunk.
import { describe, expect, it } from 'vitest';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const ARGS = ['--skip-rate-limit-probe', '--only', 'STATE-SEQUENCE', '--property-runs', '8'];

describe('STATE-SEQUENCE', () => {
  it('reports a failing sequence step by step, unshrunk after a 2xx to an absent id, and replays it from its flags', {
    timeout: 60_000,
  }, async () => {
    const faulty = await reference({ faults: ['cancel-unknown-204'] });
    const run = await runCliInProcess([...ARGS, '--seed', '5'], { env: targetEnv(faulty) });
    const c = checkOf(run, 'STATE-SEQUENCE');
    const summary = `${c.message}\n${c.details.join('\n')}`;
    expect(c.status, summary).toBe('fail');
    expect(c.message).toMatch(
      /DELETE \/store\/orders\/\{the absent order\} with the key\) answered 204, not 404/,
    );
    const steps = c.details.filter((d) => /^step \d+: /.test(d));
    expect(steps.length, summary).toBeGreaterThan(0);
    // Every step with its curl line, the key as its variable.
    expect(c.details.filter((d) => /^ {2}curl /.test(d))).toHaveLength(steps.length);
    expect(c.details.join('\n')).toContain('$ORDER_STORE_API_KEY');
    expect(c.details.join('\n')).not.toContain(faulty.demoKey);
    // Seed 5 first fails at a third step, its cancel of the absent id answered 204: that proves the list is
    // not the store, so the sequence is not shrunk (each shrink step would send the DELETE again).
    expect(summary).toMatch(
      /the first failing sequence failed at its step 3; not shrunk: exchange #\d+ \(DELETE \/store\/orders\/\d+, sent by STATE-SEQUENCE.*each shrink step would send its DELETE again/,
    );
    expect(steps, summary).toHaveLength(3);
    const flags = c.property!.replay!.split(' ');
    expect(flags).toEqual([
      '--only',
      'STATE-SEQUENCE',
      '--seed',
      '5',
      '--replay-path',
      expect.stringMatching(/^STATE-SEQUENCE:[\d:]+$/),
    ]);

    const again = await runCliInProcess(['--skip-rate-limit-probe', ...flags], {
      env: targetEnv(await reference({ faults: ['cancel-unknown-204'] })),
    });
    const replayed = checkOf(again, 'STATE-SEQUENCE');
    expect(replayed.status).toBe('fail');
    expect(replayed.details.filter((d) => /^step \d+: /.test(d))).toEqual(steps);

    const fixed = await runCliInProcess(['--skip-rate-limit-probe', ...flags], {
      env: targetEnv(await reference()),
    });
    expect(checkOf(fixed, 'STATE-SEQUENCE').message).toMatch(
      /steps in the replayed sequence answered as the store model says/,
    );
  });

  it('shrinks a failure that sends no DELETE of an id not given', { timeout: 60_000 }, async () => {
    const faulty = await reference({ faults: ['cancel-then-409'] });
    const run = await runCliInProcess([...ARGS, '--seed', '8'], { env: targetEnv(faulty) });
    const c = checkOf(run, 'STATE-SEQUENCE');
    const summary = `${c.message}\n${c.details.join('\n')}`;
    expect(c.status, summary).toBe('fail');
    // Seed 8 first fails at a third step; the steps before it are shrunk away.
    expect(summary).toMatch(/the first failing sequence failed at its step 3; shrunk to 1 step/);
  });
});

// The zoo's misconfigurations (targets/): each real way a stack is shipped wrong is caught by the checks it
// names, with no ban. Its run leaves out the probe unless a named check is the probe's (or judges the 429
// and windows it walks to), and the burst always: those cost windows the finding does not need. One that a
// named check fails, naming no RL- or STATE- check, runs its named checks alone (--only): see alone().
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../engine/catalogue.ts';
import { loadZoo } from '../../targets/catalogue.ts';
import { unavailable } from '../../targets/launch.ts';
import { checkOf } from '../support/cli.ts';
import { truncationHidden } from './recovery.ts';
import { requirementsOnce } from './requirements.ts';
import { zooRun } from './run.ts';

const SEED = 19;
/** Whole-run checks that judge what only the probe provokes: a 429 and the windows around it. */
const NEEDS_A_429 = ['RL-HEADERS-NEW-WINDOW', 'RL-HEADERS-RETRY-AFTER-VALID'];
/**
 * Named checks whose evidence is the whole run, kept in a whole run: the limiter's headers and windows are judged
 * over every answer (and a misconfiguration of them must cost no ban over every request a user's run sends), and
 * the state checks over the run's cancels and the later look.
 */
const WHOLE_RUN = ['RL-', 'STATE-'];
const CHECKS = catalogue();

/**
 * Whether a misconfiguration's run may be its named checks alone. What its whole run asserts beyond them is
 * the exit code and no ban. With a named MUST failing, the exit code is 1 whatever else the run holds (a failed
 * MUST decides the verdict), so it says nothing more; one that only warns keeps its whole run, where exit 0
 * says no MUST outside the named fails. Without the probe nothing provokes a 429, and a misconfiguration that
 * names no RL- check leaves the stack's limiter as the conformant target has it, whose whole run, probe and
 * burst included, is proved ban-free in zoo.test.ts. At least one named check must send (requests of its own or
 * a shared sending): a check that only judges what others send (ERR-BODY-SCHEMA) has nothing to judge alone.
 */
function alone(m: {
  fails?: readonly string[];
  warns?: readonly string[];
  args?: readonly string[];
}): boolean {
  const named = [...(m.fails ?? []), ...(m.warns ?? [])];
  return (
    (m.fails?.length ?? 0) > 0 &&
    !named.some((id) => WHOLE_RUN.some((p) => id.startsWith(p))) &&
    !(m.args ?? []).includes('--only') &&
    CHECKS.some(
      (c) => named.includes(c.id) && (c.needs.requests > 0 || Object.keys(c.needs.shared ?? {}).length > 0),
    )
  );
}

const zoo = await loadZoo();
await requirementsOnce(zoo);

it('has zoo targets to misconfigure', () => {
  expect(zoo.length).toBeGreaterThan(0);
});

// Each run mostly waits on its target's window, so the runs go side by side (vitest's maxConcurrency, 5).
describe.concurrent('the zoo, misconfigured', () => {
  for (const target of zoo) {
    const missing = unavailable(target);
    describe.skipIf(missing !== undefined)(`zoo target ${target.id}, misconfigured`, () => {
      it('has at least two misconfigurations', () => {
        expect(Object.keys(target.misconfigs).length).toBeGreaterThanOrEqual(2);
      });
      for (const [name, m] of Object.entries(target.misconfigs)) {
        const named = [...(m.fails ?? []), ...(m.warns ?? [])];
        const probe = named.some((id) => id.startsWith('RL-PROBE-') || NEEDS_A_429.includes(id));
        const args = [
          ...(probe ? [] : ['--skip-rate-limit-probe']),
          ...(alone(m) ? ['--only', named.join(',')] : []),
          ...(m.args ?? []),
        ];
        it(`${name} is caught by ${named.join(', ')}`, { timeout: 120_000 }, async () => {
          // A run that walks the stack's limiter keeps a process of its own, as users run it (its sends are timed
          // against the real limiter); the others run the command in this process (test/zoo/run.ts, inProcess).
          const r = await zooRun(target, { seed: SEED, misconfig: name, args, inProcess: !probe });
          const context = `${r.run.stdout}\n${r.run.stderr}\n--- target ---\n${r.targetOutput}`;
          // A truncated Retry-After shows only when the wait it asks ends before the window does: a run whose
          // truncated part fell under the wait's margin must then find the recovery served, and say so.
          const hidden = m.fails?.includes('RL-PROBE-RECOVERY') ? truncationHidden(r.run) : undefined;
          if (hidden) console.warn(`zoo: ${target.id}/${name}: ${hidden}`);
          const fails = (m.fails ?? []).filter((id) => !(hidden && id === 'RL-PROBE-RECOVERY'));
          if (hidden) expect(checkOf(r.run, 'RL-PROBE-RECOVERY').status, context).toBe('pass');
          for (const id of fails) expect(checkOf(r.run, id).status, `${id}\n${context}`).toBe('fail');
          for (const id of m.warns ?? []) expect(checkOf(r.run, id).status, `${id}\n${context}`).toBe('warn');
          expect(r.stats.bans, context).toBe(0);
          expect(r.run.code, context).toBe(fails.length ? 1 : 0);
        });
      }
    });
  }
});

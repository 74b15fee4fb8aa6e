// The zoo (targets/): the whole command, every check, --burst, both keys and fixtures at both ends of int64,
// against each conformant server on a real stack: no fail, warn or error, no early request and no ban, no
// MUST left unevaluated but the one that needs --plan. Each stack's misconfigurations are caught by the
// checks they name. A target whose program is missing (python3, a JDK) is skipped with a line saying so.
import { describe, expect, it } from 'vitest';
import { loadZoo } from '../targets/catalogue.ts';
import { unavailable } from '../targets/launch.ts';
import { checkOf } from './support/cli.ts';
import { loudChecks, zooRun } from './zoo/run.ts';

/** MUST checks a zoo run may leave out: they need what a zoo run is not given (the key's plan). */
const MAY_LEAVE_OUT = ['RL-PROBE-PLAN-LIMIT'];
const SEED = 19;

const zoo = await loadZoo();

describe('the zoo', () => {
  it('holds at least six targets', () => {
    expect(zoo.length).toBeGreaterThanOrEqual(6);
  });
});

for (const target of zoo) {
  const missing = unavailable(target);
  if (missing) console.warn(`zoo: ${target.id} skipped: ${missing}`);
  describe.skipIf(missing !== undefined)(`zoo target ${target.id} (${target.stack})`, () => {
    for (const flavour of [undefined, ...(target.flavours ?? [])]) {
      it(`is judged conformant${flavour ? ` (${flavour.name})` : ''}, silently and safely`, {
        timeout: 120_000,
      }, async () => {
        const r = await zooRun(target, { seed: SEED, ...(flavour ? { flavour } : {}) });
        const context = `${r.run.stdout}\n${r.run.stderr}\n--- target ---\n${r.targetOutput}`;
        expect(loudChecks(r.run), context).toEqual([]);
        expect(r.stats, context).toEqual({ early: 0, bans: 0 });
        expect(r.run.report!.bans, context).toEqual([]);
        const leftOut = r.run.report!.evaluation.notEvaluated.filter((n) => n.level === 'MUST');
        expect(
          leftOut.filter((n) => !MAY_LEAVE_OUT.includes(n.id)).map((n) => `${n.id}: ${n.reason}`),
          context,
        ).toEqual([]);
        expect(r.run.code, context).toBe(0);
        expect(r.run.report!.verdict).toBe('conformant');
      });
    }
    for (const [name, m] of Object.entries(target.misconfigs)) {
      const named = [...(m.fails ?? []), ...(m.warns ?? [])];
      // The probe only where a named check is the probe's (or reads the windows it walks): it costs a window.
      const probe = named.some((id) => id.startsWith('RL-PROBE-') || id === 'RL-HEADERS-NEW-WINDOW');
      const args = [...(probe ? [] : ['--skip-rate-limit-probe']), ...(m.args ?? [])];
      it(`misconfiguration ${name} is caught by ${named.join(', ')}`, {
        timeout: 120_000,
      }, async () => {
        const r = await zooRun(target, { seed: SEED, misconfig: name, args });
        const context = `${r.run.stdout}\n${r.run.stderr}\n--- target ---\n${r.targetOutput}`;
        for (const id of m.fails ?? []) expect(checkOf(r.run, id).status, `${id}\n${context}`).toBe('fail');
        for (const id of m.warns ?? []) expect(checkOf(r.run, id).status, `${id}\n${context}`).toBe('warn');
        expect(r.stats.bans, context).toBe(0);
        expect(r.run.code, context).toBe(m.fails?.length ? 1 : 0);
      });
    }
  });
}

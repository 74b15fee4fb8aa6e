// The zoo (targets/), conformant: the whole command, every check, --burst, both keys and fixtures at both
// ends of int64, against each server on a real stack: no fail, warn or error, no early request and no ban,
// no MUST left unevaluated but the one that needs --plan. A flavour (IPv6, TLS, a deeper base path) runs
// without the probe: it varies the transport, which the plain run's probe does not need again. A target or
// flavour this machine cannot run (no python3, no JDK, no ::1) is skipped with a line saying so. Nothing is
// tolerated: a finding on a conformant target is a suite bug to fix.
import { describe, expect, it } from 'vitest';
import { loadZoo } from '../../targets/catalogue.ts';
import { unavailable } from '../../targets/launch.ts';
import type { Flavour } from '../../targets/zoo-target.ts';
import { disagreements, judgeRun, loud } from '../support/passive.ts';
import { sideBySide } from '../support/side-by-side.ts';
import { honestSkip } from './honest-skips.ts';
import { requirementsOnce } from './requirements.ts';
import { loudChecks, zooRun } from './run.ts';

/** MUST checks a plain zoo run may leave out: they need what a zoo run is not given (the key's plan). */
const SEED = 19;

const zoo = await loadZoo();
await requirementsOnce(zoo);

/**
 * The runs in the order they take a turn: every plain run (the probe and the burst: about 22 s each) before any
 * flavour's (no probe: about 8 s), so the last turns are short ones and no long run goes on alone at the end
 * (alone, the file took 165 s in target order, a 22 s run last, and 153 s so). The test names stay those of the target.
 */
const RUNS = [
  ...zoo.map((target) => ({ target, flavour: undefined as Flavour | undefined })),
  ...zoo.flatMap((target) => (target.flavours ?? []).map((flavour) => ({ target, flavour }))),
];

describe('the zoo', () => {
  it('holds at least six targets', () => {
    expect(zoo.length).toBeGreaterThanOrEqual(6);
    // Every target's plain run takes its turn first (RUNS).
    expect(RUNS.slice(0, zoo.length)).toEqual(zoo.map((target) => ({ target, flavour: undefined })));
  });

  // Elsewhere a target whose programs are missing skips with its line; .ci/run installs them and sets this.
  it.runIf(process.env.OSC_REQUIRE_ZOO === '1')(
    'has every target it needs on this machine (OSC_REQUIRE_ZOO=1)',
    () => {
      expect(zoo.map((t) => unavailable(t)).filter((why) => why !== undefined)).toEqual([]);
    },
  );
});

// Each run mostly waits on its target's window, so the runs go side by side: three at a time, not vitest's 5. A
// token bucket's walk slowed by four runs beside it refilled as fast as it was spent (lighttpd-go met no 429 in
// a clean-clone CI run). The walk now waits for such a bucket to be whole and sends Limit + 1 together
// (suites/rate-limit/probe/paced.ts), but those must arrive within one token's time: fewer runs, less load.
const inTurn = sideBySide(3);

describe.concurrent('the zoo, conformant', () => {
  for (const { target, flavour } of RUNS) {
    const missing = unavailable(target);
    if (missing && !flavour) console.warn(`zoo: ${target.id} skipped: ${missing}`);
    describe.skipIf(missing !== undefined)(`zoo target ${target.id} (${target.stack})`, () => {
      it(`is judged conformant${flavour ? ` (${flavour.name})` : ''}, silently and safely`, {
        timeout: 120_000,
      }, async (t) => {
        const why = await flavour?.unavailable?.();
        if (why) {
          console.warn(`zoo: ${target.id}/${flavour!.name} skipped: ${why}`);
          t.skip();
        }
        const r = await inTurn(() =>
          zooRun(target, {
            seed: SEED,
            ...(flavour ? { flavour, args: ['--skip-rate-limit-probe'] } : {}),
          }),
        );
        const context = `${r.run.stdout}\n${r.run.stderr}\n--- target ---\n${r.targetOutput}`;
        expect(loudChecks(r.run), context).toEqual([]);
        expect(r.stats, context).toEqual({ early: 0, bans: 0 });
        expect(r.run.report!.bans, context).toEqual([]);
        expect(unevaluatedMusts(r.run.report!.evaluation.notEvaluated, flavour), context).toEqual([]);
        expect(r.run.code, context).toBe(0);
        expect(r.run.report!.verdict).toBe('conformant');
        // Its transcript.har, judged passively, is conformant too and agrees on every check both judge.
        const passive = await judgeRun(r.run);
        expect(loud(passive), context).toEqual([]);
        expect(disagreements(r.run.report!, passive), context).toEqual([]);
      });
    });
  }
});

/** The MUST checks left unevaluated that the run was given what they need for. */
function unevaluatedMusts(
  notEvaluated: { id: string; level: string; reason: string }[],
  flavour: Flavour | undefined,
): string[] {
  return notEvaluated
    .filter((n) => n.level === 'MUST' && !honestSkip(n.id, n.reason, flavour))
    .map((n) => `${n.id}: ${n.reason}`);
}

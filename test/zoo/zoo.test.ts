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
import { loudChecks, zooRun } from './run.ts';

/** MUST checks a plain zoo run may leave out: they need what a zoo run is not given (the key's plan). */
const MAY_LEAVE_OUT = ['RL-PROBE-PLAN-LIMIT'];
const SEED = 19;

const zoo = await loadZoo();

describe('the zoo', () => {
  it('holds at least six targets', () => {
    expect(zoo.length).toBeGreaterThanOrEqual(6);
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
// a clean-clone CI run), leaving its MUSTs unjudged.
const SIDE_BY_SIDE = 3;
let running = 0;
const queued: Array<() => void> = [];
async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  // A slot freed is handed to the next in the queue as it is, so no newcomer slips in between.
  if (running >= SIDE_BY_SIDE) await new Promise<void>((go) => queued.push(go));
  else running += 1;
  try {
    return await run();
  } finally {
    const next = queued.shift();
    if (next) next();
    else running -= 1;
  }
}

describe.concurrent('the zoo, conformant', () => {
  for (const target of zoo) {
    const missing = unavailable(target);
    if (missing) console.warn(`zoo: ${target.id} skipped: ${missing}`);
    describe.skipIf(missing !== undefined)(`zoo target ${target.id} (${target.stack})`, () => {
      for (const flavour of [undefined, ...(target.flavours ?? [])]) {
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
      }
    });
  }
});

/** The MUST checks left unevaluated that the run was given what they need for. */
function unevaluatedMusts(
  notEvaluated: { id: string; level: string; reason: string }[],
  flavour: Flavour | undefined,
): string[] {
  return (
    notEvaluated
      .filter((n) => n.level === 'MUST' && !MAY_LEAVE_OUT.includes(n.id))
      .filter((n) => !(flavour && /--skip-rate-limit-probe/.test(n.reason)))
      // A stack that refuses HEAD as a method (FastAPI, Tornado: 405, which HTTP-HEAD-REFUSED-INFO records)
      // answers no HEAD whose Content-Length could be judged.
      .filter(
        (n) => !(n.id === 'HTTP-HEAD-CONTENT-LENGTH' && /^no HEAD with the key was answered/.test(n.reason)),
      )
      .map((n) => `${n.id}: ${n.reason}`)
  );
}

// The rate-limit probe as an area beside it reaches it (the state area reads the probe's request past the
// limit): the run's probe, by the accessor the probe area provides as it loads (rate-limit/probe/session.ts),
// so no area imports the probe's. Holds that accessor only: each run's probe and record live in its memo.
import type { Response } from '../../lib/http/client.ts';
import type { Ctx } from './context.ts';

/**
 * What an area beside the probe reads of its record: whether the walk ran, its request past Remaining 0, and
 * why none was sent when its 429 came early.
 */
export interface ProbeRecordView {
  walk:
    | { kind: 'done'; value: { overLimit?: { response: Response }; heldNotSent?: string } }
    | { kind: 'skip' }
    | { kind: 'error' };
}

/** The run's probe: `run()` sends it the first time in a live run, and otherwise hands back its record. */
export interface RunProbe {
  run(): Promise<ProbeRecordView>;
}

let accessor: ((ctx: Ctx) => RunProbe) | undefined;

/** How a run's probe is reached: the probe area says so once, as it loads. */
export function provideProbe(of: (ctx: Ctx) => RunProbe): void {
  accessor = of;
}

/** The run's rate-limit probe: the one it sends, or, judging a recording, the one the recording shows. */
export function probeOf(ctx: Ctx): RunProbe {
  if (!accessor) throw new Error('the rate-limit probe is not loaded: suites/index.ts loads every area');
  return accessor(ctx);
}

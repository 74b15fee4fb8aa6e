// Runs the rate-limit probe once per run, in order (read, plan, walk to the 429, second key, recovery,
// burst, settle), and keeps the record every RL-PROBE check judges; judging a recording, the record is the
// one the recording shows (from-traffic.ts). The checks' send starts it; their judges only read it.
import { UNMET } from '../../../lib/check/needs.ts';
import { causeOfError, OUTCOME } from '../../../lib/check/skip.ts';
import { HarnessError } from '../../../lib/errors.ts';
import { memoKey } from '../../../lib/run/memo.ts';
import type { Ctx, Tools } from '../../kit/context.ts';
import { provideProbe } from '../../kit/rate-limit-probe.ts';
import { trafficOf } from '../../kit/traffic.ts';
import { burst } from './burst.ts';
import { recordedProbe } from './from-traffic.ts';
import { HELD_RESERVE, sendHeldAgain } from './held-again.ts';
import { done, skip, skipFor } from './outcome.ts';
import { planWalk, readLimit } from './reading.ts';
import {
  type Burst,
  type Outcome,
  type ProbeRecord,
  type ProbeRequest,
  type Reading,
  type Recovery,
  type Sample,
  type SecondKey,
  seconds,
  type Walk,
} from './record.ts';
import { recover } from './recovery.ts';
import { ProbeSender } from './sender.ts';
import { settle } from './settle.ts';
import { walkToLimit } from './walk.ts';

/** A phase's failure as an outcome: a budget or wait limit is a reason to skip (it names the setting). */
async function attempt<T>(phase: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await phase();
  } catch (e) {
    if (e instanceof HarnessError && (e.code === 'E_BUDGET' || e.code === 'E_RATE_LIMIT_WAIT'))
      return skip(e.message, causeOfError(e));
    return { kind: 'error', error: e };
  }
}

/** The second key, read before the walk and again while the first key is limited. */
async function readSecondKey(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
): Promise<Sample | undefined> {
  if (!env.config.hasSecondKey) return undefined;
  return sender.send(request, 'secondary', false);
}

/** The reason a phase did not run because the one before it did not. */
function blocked<T>(before: Outcome<unknown>, what: string): Outcome<T> {
  if (before.kind === 'skip') return skip(`${what} did not run: ${before.reason}`, before.cause);
  return skip(`${what} failed (see its error)`, OUTCOME);
}

export class ProbeSession {
  private readingMemo?: Promise<Outcome<Reading>>;
  private recordMemo?: Promise<ProbeRecord>;
  private readonly sender: ProbeSender;
  private readonly startSeq: number;
  /** Set once the whole probe has run. */
  finished?: ProbeRecord;

  constructor(private readonly env: Tools) {
    this.sender = new ProbeSender(env);
    this.startSeq = env.transcript.size;
  }

  /**
   * A session whose record was read from recorded traffic (from-traffic.ts): it sends nothing, and every
   * RL-PROBE check judges that record as it judges its own.
   */
  static recorded(env: Tools, record: ProbeRecord): ProbeSession {
    const s = new ProbeSession(env);
    s.readingMemo = Promise.resolve(record.reading);
    s.recordMemo = Promise.resolve(record);
    s.finished = record;
    return s;
  }

  /** The reading alone (one request): enough for the --plan check. */
  reading(): Promise<Outcome<Reading>> {
    this.readingMemo ??= attempt(() => readLimit(this.env, this.sender));
    return this.readingMemo;
  }

  /** The reading as sent (or recorded), for a judge: never sends. */
  readingSent(): Promise<Outcome<Reading>> {
    if (!this.readingMemo) throw new Error('the probe’s reading was judged before it was sent');
    return this.readingMemo;
  }

  /** The record as sent (or recorded), for a judge: never sends. */
  record(): Promise<ProbeRecord> {
    if (!this.recordMemo) throw new Error('the probe was judged before it was sent');
    return this.recordMemo;
  }

  /** The whole probe, run at most once. */
  run(): Promise<ProbeRecord> {
    this.recordMemo ??= this.conduct().then((record) => {
      this.finished = record;
      return record;
    });
    return this.recordMemo;
  }

  private async conduct(): Promise<ProbeRecord> {
    const { env, sender } = this;
    const started = Date.now();
    const reading = await this.reading();
    let planned = 'nothing: the probe did not start';
    let before: Sample | undefined;
    const walk = await attempt<Walk>(async () => {
      if (reading.kind !== 'done') return blocked(reading, 'reading the limit');
      const plan = planWalk(env, reading.value, Date.now());
      if (plan.kind !== 'done') return plan;
      planned = plan.value.text;
      const { request, limit, sample } = reading.value;
      env.log(
        `Rate-limit probe: repeats ${request.label}; Limit ${limit ?? '?'}, Remaining ${sample.remaining ?? '?'} (request #0, the reading)`,
      );
      env.log(`Rate-limit probe: will send ${planned}`);
      before = await readSecondKey(env, sender, reading.value.request);
      return walkToLimit(env, sender, reading.value, plan.value);
    });
    const request = reading.kind === 'done' ? reading.value.request : undefined;

    const secondKey = await attempt<SecondKey>(async () => {
      if (!env.config.hasSecondKey) return skipFor(UNMET.secondKey);
      if (walk.kind !== 'done') return blocked(walk, 'the walk to the limit');
      if (!walk.value.limited || !before || !request)
        return skip('the first key was never limited (see RL-PROBE-LIMIT-ENFORCED)', OUTCOME);
      const after = await readSecondKey(env, sender, request);
      return done({ before, after: after! });
    });
    const recovery = await attempt<Recovery>(async () =>
      walk.kind === 'done' && request
        ? recover(env, sender, walk.value.switched?.to ?? request, walk.value)
        : blocked(walk, 'the walk to the limit'),
    );
    // A 429 that came before Remaining 0 came before the held fixture's cancel: it goes in the window the
    // recovery opened, at the Remaining that 429 came at (held-again.ts).
    if (walk.kind === 'done' && request)
      await attempt<undefined>(async () => {
        const recovered = recovery.kind === 'done' ? recovery.value : undefined;
        await sendHeldAgain(
          env,
          sender,
          walk.value.switched?.to ?? request,
          walk.value,
          recovered,
          HELD_RESERVE,
        );
        return done(undefined);
      });
    const burstOutcome = await attempt<Burst>(async () =>
      request ? burst(env, sender, request, recovery, walk) : blocked(reading, 'reading the limit'),
    );
    await attempt<undefined>(async () => {
      await settle(env, 'primary', sender);
      await settle(env, 'secondary', sender);
      return done(undefined);
    });

    const sent = env.transcript.all().slice(this.startSeq);
    const second = sent.filter((x) => x.bucket === 'secondary').length;
    const actual = `${sent.length} requests${second > 0 ? ` (${second} with the second key)` : ''}, ${seconds(sender.waitedMs)} waiting, ${seconds(Date.now() - started)} in all`;
    env.log(`Rate-limit probe: cost ${actual}`);
    return { reading, walk, secondKey, recovery, burst: burstOutcome, planned, actual };
  }
}

const SESSION = memoKey<ProbeSession>('rate-limit-probe/session');

/**
 * The run's probe (in the run's memo), created on first use: in a live run the one it sends, judging a
 * recording the one the recording shows, which sends nothing.
 */
export function probeOf(ctx: Ctx): ProbeSession {
  return ctx.memo.once(SESSION, () => {
    const { http, target, transcript, config, random, memo, log, curl } = ctx;
    const env = { http, target, transcript, config, random, memo, log, curl };
    return trafficOf(ctx).live ? new ProbeSession(env) : ProbeSession.recorded(env, recordedProbe(ctx));
  });
}

// The areas beside the probe reach it through the kit (the state area's refusal over the limit).
provideProbe(probeOf);

/** The send of an RL-PROBE check: the whole probe, sent once for every check that reads it. */
export async function sendProbe(ctx: Ctx): Promise<void> {
  await probeOf(ctx).run();
}

/** The probe's record, as an RL-PROBE check's judge reads it: sent by the checks' send, or recorded. */
export const probeRecord = (ctx: Ctx): Promise<ProbeRecord> => probeOf(ctx).record();

/** The finished probe, if it ran in this run (the cost check reads it without starting it). */
export function finishedProbe(ctx: Ctx): ProbeRecord | undefined {
  return ctx.memo.peek(SESSION)?.finished;
}

// How a run stops early (Ctrl-C, the API caller's AbortSignal): the check in flight gets a moment to end, then
// the report is built with what is known, rather than sit out a rate-limit wait; a second signal (`hurry`)
// cuts the moment short. A stop after the reports are written changes nothing.

/** Why a run stopped by a signal or by the caller's AbortSignal is incomplete. */
export const INTERRUPTED = 'interrupted by a signal';

/** How long a stopped run's check in flight may take to end before the report is written without it. */
const STOP_GRACE_MS = 2000;

export interface StopSwitch {
  /** Resolves (with nothing) when the run is to be reported as it stands. */
  stopped: Promise<undefined>;
  /** The run has started: a signal that came before it stops it now. */
  armed(): void;
  /** The run is over: the signals are no longer listened to. */
  disarm(): void;
  /** The final report is built: a late signal changes nothing. */
  finishing(): void;
}

export function stopSwitch(
  options: { signal?: AbortSignal; hurry?: AbortSignal; stopReason?: string },
  reasons: string[],
  cancel: () => void,
): StopSwitch {
  const why = options.stopReason ?? INTERRUPTED;
  let done = false;
  let resolveStop: (value: undefined) => void = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    resolveStop = resolve;
  });
  const onStop = () => {
    if (done || reasons.includes(why)) return;
    reasons.push(why);
    cancel();
    setTimeout(() => resolveStop(undefined), STOP_GRACE_MS).unref();
  };
  const onHurry = () => {
    if (!done) resolveStop(undefined);
  };
  options.signal?.addEventListener('abort', onStop, { once: true });
  options.hurry?.addEventListener('abort', onHurry, { once: true });
  return {
    stopped,
    armed: () => {
      if (options.signal?.aborted) onStop();
    },
    disarm: () => {
      options.signal?.removeEventListener('abort', onStop);
      options.hurry?.removeEventListener('abort', onHurry);
    },
    finishing: () => {
      done = true;
    },
  };
}

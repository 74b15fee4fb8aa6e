// What a fault-matrix run needs besides the fault: the server clock an expectation asks for, and the verdict
// each expected exit code stands for. Shared by the single-fault matrix and the masking pairs.
import type { Caught } from './proof.ts';

export const VERDICT = { 0: 'conformant', 1: 'non-conformant', 3: 'incomplete' } as const;

/** A server clock running `speed` times faster than real time from its first reading. */
export function fastClock(speed: number): () => number {
  let start: number | undefined;
  return () => {
    const now = Date.now();
    start ??= now;
    return start + (now - start) * speed;
  };
}

/** The clock option of the reference server for an expectation (a fresh clock per server). */
export function clockOf(e: Caught): { clock?: () => number } {
  return e.clockSpeed === undefined ? {} : { clock: fastClock(e.clockSpeed) };
}

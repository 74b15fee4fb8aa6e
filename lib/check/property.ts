// Runs one fast-check property whose every case costs a request: cases and shrinking bounded by an allowance,
// seed and counterexample path captured, a path replayed with one request. Knows no HTTP and no check.
import fc from 'fast-check';

export interface PropertySpec<T, F> {
  arbitrary: fc.Arbitrary<T>;
  /** Cases always tried first, in order; they count as runs (fast-check `examples`). */
  examples: readonly T[];
  /** Generated cases after the examples. */
  runs: number;
  seed: number;
  /** Most cases the property may send, shrinking included; generated runs are cut to fit. */
  allowance: number;
  /** Shrink attempts after a failure; 0 stops at the first counterexample. */
  maxShrinks: number;
  /** A counterexample path printed by an earlier run (same seed, same examples): only that case is sent. */
  replayPath?: string;
  /** False for a value that must not be sent: it is skipped without a request (fast-check `pre`). */
  admissible(value: T): boolean;
  /** Sends one case; returns a failure when the property does not hold for it. May throw to stop the run. */
  attempt(value: T): Promise<F | undefined>;
  /** Values with the same key send the same request: the first outcome is reused (shrinking often repeats one). */
  key?(value: T): string;
}

export interface PropertyPlan {
  examples: number;
  generated: number;
  shrinks: number;
  /** True when the allowance cut the generated runs (or the examples) below what was asked. */
  reduced: boolean;
}

export interface PropertyResult<T, F> {
  seed: number;
  plan: PropertyPlan;
  /** Cases fast-check counted as run (skipped ones excluded). */
  runs: number;
  /** Cases actually sent. */
  sent: number;
  /** Values skipped as inadmissible. */
  skipped: number;
  shrinks: number;
  replayed?: string;
  counterexample?: { value: T; failure: F; path: string };
  /** fast-check could not find enough admissible values. */
  exhausted: boolean;
  /** What an attempt threw; nothing was sent after it. */
  error?: unknown;
}

/** How many cases of each kind fit the allowance: examples first, then generated runs, shrinks last. */
export function planProperty(
  examples: number,
  runs: number,
  maxShrinks: number,
  allowance: number,
): PropertyPlan {
  const e = Math.min(examples, Math.max(0, allowance));
  const g = Math.min(runs, Math.max(0, allowance - e));
  const s = Math.min(maxShrinks, Math.max(0, allowance - e - g));
  return { examples: e, generated: g, shrinks: s, reduced: e < examples || g < runs };
}

export async function runProperty<T, F>(spec: PropertySpec<T, F>): Promise<PropertyResult<T, F>> {
  const plan = planProperty(spec.examples.length, spec.runs, spec.maxShrinks, spec.allowance);
  const replay = spec.replayPath;
  // A replay sends the one case at the path; fast-check would go on generating after a case that passes.
  const cap = replay ? 1 : plan.examples + plan.generated + plan.shrinks;
  const failures = new Map<string, F>();
  const outcomes = new Map<string, F | undefined>();
  let sent = 0;
  let calls = 0;
  let error: unknown;
  let stopped = false;

  const arbitrary = plan.shrinks > 0 ? fc.limitShrink(spec.arbitrary, plan.shrinks) : spec.arbitrary;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    // After an error nothing more is sent; a replay looks at the value at the path only, even when it is no
    // longer admissible. Such cases count as holding (the result says why).
    if (stopped || (replay !== undefined && calls > 0)) return true;
    calls++;
    fc.pre(spec.admissible(value));
    const key = spec.key?.(value);
    let failure: F | undefined;
    if (key !== undefined && outcomes.has(key)) failure = outcomes.get(key);
    else {
      if (sent >= cap) return true; // only shrinking can get here: it ends with what it has
      sent++;
      try {
        failure = await spec.attempt(value);
      } catch (e) {
        error = e;
        stopped = true;
        return true;
      }
      if (key !== undefined) outcomes.set(key, failure);
    }
    if (failure === undefined) return true;
    failures.set(fc.stringify(value), failure);
    return false;
  });
  const details = await fc.check(property, {
    seed: spec.seed,
    numRuns: plan.examples + plan.generated,
    examples: spec.examples.slice(0, plan.examples).map((v) => [v] as [T]),
    endOnFailure: plan.shrinks === 0 || replay !== undefined,
    ...(replay !== undefined ? { path: replay } : {}),
  });

  const result: PropertyResult<T, F> = {
    seed: spec.seed,
    plan,
    runs: details.numRuns,
    sent,
    skipped: details.numSkips,
    shrinks: details.numShrinks,
    exhausted: details.failed && details.counterexample === null,
    ...(replay !== undefined ? { replayed: replay } : {}),
    ...(error !== undefined ? { error } : {}),
  };
  if (details.failed && details.counterexample !== null) {
    const value = details.counterexample[0];
    const failure = failures.get(fc.stringify(value));
    if (failure !== undefined) result.counterexample = { value, failure, path: details.counterexamplePath };
  }
  return result;
}

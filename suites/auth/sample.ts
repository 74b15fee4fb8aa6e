// How an operator's catalogue of cases goes out: by default a sample in which every operation meets each kind
// of case once, the case rotating by the run's seed; under --exhaustive every case on every operation. Pure:
// it chooses, never sends, and draws nothing from the run's random stream (other checks' draws stay put).

/** A kind of case (one way of misplacing the key, one way of spelling a path) and its cases. */
export interface CaseKind<C> {
  /** How the kind reads in a finding ("another scheme", "a trailing slash"). */
  name: string;
  /** Every case of the kind; the default sample takes them in turn from a seeded start. */
  cases: readonly C[];
}

/** One sending of a matrix: a case of a kind on one operation. */
export interface Slot<C, O> {
  kind: string;
  case: C;
  op: O;
}

/** A start in 0..n-1 from the seed and a name (FNV-1a): stable for a seed, different between kinds. */
export function rotation(seed: number, salt: string, n: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${salt}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return n <= 0 ? 0 : h % n;
}

/**
 * The slots of a matrix. Default: each operation meets each kind once, operation i taking the kind's case
 * (start + i) mod n, so a kind of up to as many cases as operations sends every case; `onePerKind` instead
 * sends one case of each kind, on one operation, both chosen by the seed. Exhaustive: every case of every
 * kind on every operation.
 */
export function slots<C, O>(
  kinds: readonly CaseKind<C>[],
  ops: readonly O[],
  pick: { seed: number; salt: string; exhaustive: boolean; onePerKind?: boolean },
): Slot<C, O>[] {
  const out: Slot<C, O>[] = [];
  for (const kind of kinds) {
    if (pick.exhaustive) {
      for (const c of kind.cases) for (const op of ops) out.push({ kind: kind.name, case: c, op });
      continue;
    }
    const start = rotation(pick.seed, `${pick.salt}/${kind.name}`, kind.cases.length);
    if (pick.onePerKind) {
      const op = ops[rotation(pick.seed, `${pick.salt}/${kind.name}/op`, ops.length)]!;
      out.push({ kind: kind.name, case: kind.cases[start]!, op });
      continue;
    }
    ops.forEach((op, i) => {
      out.push({ kind: kind.name, case: kind.cases[(start + i) % kind.cases.length]!, op });
    });
  }
  return out;
}

/** How many slots `slots` gives in each mode: the plan's counts (Needs.requests and Needs.exhaustive). */
export function slotCounts(
  kinds: readonly CaseKind<unknown>[],
  ops: number,
  onePerKind = false,
): { requests: number; exhaustive: number } {
  return {
    requests: kinds.length * (onePerKind ? 1 : ops),
    exhaustive: kinds.reduce((n, k) => n + k.cases.length * ops, 0),
  };
}

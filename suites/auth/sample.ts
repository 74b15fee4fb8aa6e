// How an operator's catalogue of cases goes out: by default a sample in which every operation meets each kind
// of case and every kind goes out at least once, only its variants rotating by the run's seed; under
// --exhaustive every case on every operation. Pure: it chooses, never sends, and draws nothing from the run's
// random stream (other checks' draws stay put).

/** A kind of case (one way of misplacing the key, one way of spelling a path) and its cases. */
export interface CaseKind<C> {
  /** How the kind reads in a finding ("another scheme", "a trailing slash"). */
  name: string;
  /** Every case of the kind; the default sample takes them in turn from a seeded start. */
  cases: readonly C[];
  /**
   * Each case is a kind in its own right (a server takes "Token <key>" and not "JWT <key>"): the default sample
   * sends every case once, spread over the operations, each operation still meeting the kind. Without it the
   * cases are variants one parser takes alike, and the sample sends one per operation.
   */
  everyCase?: true;
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

/** How many slots a kind gets by default: one per operation, or one per case when each case is a kind. */
const defaultSlots = (kind: CaseKind<unknown>, ops: number): number =>
  kind.everyCase ? Math.max(ops, kind.cases.length) : ops;

/**
 * The slots of a matrix. Default: each operation meets each kind, slot j going to operation j mod the
 * operations and taking the kind's case (start + j) mod its cases, so a kind of up to as many cases as
 * operations, or one whose every case is a kind (`everyCase`), sends every case; `onePerKind` instead sends one
 * case of each kind, on one operation, both chosen by the seed. Exhaustive: every case of every kind on every
 * operation.
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
    for (let j = 0; j < defaultSlots(kind, ops.length); j++)
      out.push({
        kind: kind.name,
        case: kind.cases[(start + j) % kind.cases.length]!,
        op: ops[j % ops.length]!,
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
    requests: kinds.reduce((n, k) => n + (onePerKind ? 1 : defaultSlots(k, ops)), 0),
    exhaustive: kinds.reduce((n, k) => n + k.cases.length * ops, 0),
  };
}

// The per-run memo: what a run learns or sends once and several checks read (the order list, the probe's
// session, a property's answers), under a typed key. One per run, made by the suites' bind and dropped with
// it, so nothing of one run leaks into the next. Knows no check: keys are named by whoever uses them.

/** A key of the memo: a name unique in the run, and (as a type only) what it holds. */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: carries T, so a key reads back what was put under it. */
  readonly holds?: T;
}

export const memoKey = <T>(name: string): MemoKey<T> => ({ name });

export class RunMemo {
  readonly #values = new Map<string, unknown>();

  /** What `key` holds, made by `make` the first time it is asked for in this run. */
  once<T>(key: MemoKey<T>, make: () => T): T {
    if (this.#values.has(key.name)) return this.#values.get(key.name) as T;
    const value = make();
    this.#values.set(key.name, value);
    return value;
  }

  /** What `key` holds if it was made in this run; never makes it. */
  peek<T>(key: MemoKey<T>): T | undefined {
    return this.#values.get(key.name) as T | undefined;
  }
}

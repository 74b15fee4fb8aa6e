// A bound on how many of a file's concurrent tests run their heavy part at once (a zoo run, a server and a
// whole command), below vitest's maxConcurrency: the rest wait in order. Test support; asserts nothing.

/** Runs what it is given with at most `most` at a time, in the order asked, a freed place handed on as it is. */
export function sideBySide(most: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queued: Array<() => void> = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    // A place freed goes to the next in the queue as it is, so no newcomer slips in between.
    if (running >= most) await new Promise<void>((go) => queued.push(go));
    else running += 1;
    try {
      return await run();
    } finally {
      const next = queued.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

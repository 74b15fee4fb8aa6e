// The command's stop signals: SIGINT and SIGTERM, and, under npm or npx, the death of the shell npm started us
// in (npm forwards a SIGTERM to that shell only, which dies of it and leaves us running as an orphan).

/** A repeat this soon is the same stop reaching us twice (the terminal's Ctrl-C, then npm forwarding it). */
const REPEAT_MS = 300;
/** How often the parent is looked at, under npm. */
const PARENT_POLL_MS = 250;

/**
 * Calls `onStop` on each SIGINT or SIGTERM (a repeat within REPEAT_MS counts once), and once when the process
 * npm or npx started us under goes away. Returns the function that stops listening.
 */
export function listenForStop(
  onStop: (why: string) => void,
  env: Readonly<Record<string, string | undefined>> = process.env,
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const handler = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (now - last < REPEAT_MS) return;
    last = now;
    onStop(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // npm and npx run us through `sh -c`: a signal sent to npm reaches that shell, not us. Only under npm, so a
  // run left going on purpose (nohup, a shell that exits) is never stopped by its parent leaving.
  const parent = process.ppid;
  const watch =
    env.npm_command !== undefined
      ? setInterval(() => {
          if (process.ppid === parent) return;
          clearInterval(watch);
          onStop('the parent process (npm) ended');
        }, PARENT_POLL_MS).unref()
      : undefined;
  return () => {
    process.removeListener('SIGINT', handler);
    process.removeListener('SIGTERM', handler);
    if (watch) clearInterval(watch);
  };
}

// Starts the reference server for a test and stops it after, whatever happens in between (the after-each that
// stops it is setup-reference.ts's, registered in each test file as vitest.config.ts's setupFiles).
import {
  type ReferenceServerOptions,
  type RunningReference,
  startReferenceServer,
} from '../../reference/server.ts';

/** A limit generous enough that ordinary checks never meet it (for tests that are not about rate limits). */
export const ROOMY_RATE_LIMIT = { limit: 10_000, windowSeconds: 60 };

const running: RunningReference[] = [];

/** Stops every server reference() started that is still running (after each test: setup-reference.ts). */
export async function closeReferences(): Promise<void> {
  await Promise.all(running.splice(0).map((s) => s.close()));
}

/** A reference server closed automatically after the current test. */
export async function reference(options: ReferenceServerOptions = {}): Promise<RunningReference> {
  const server = await startReferenceServer({ rateLimit: ROOMY_RATE_LIMIT, ...options });
  running.push(server);
  return server;
}

// The target of a run: the base URL and key the user configured (reachable, checked at preflight), or the
// embedded reference server with its demo key and fixtures when no base URL is given.
import type { Config } from '../lib/config/config.ts';
import { type RunConfig, runConfigFor } from '../lib/config/run-config.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { preflight } from '../lib/http/preflight.ts';

/** The embedded reference server runs a compressed rate-limit window so the probe finishes in seconds. */
export const EMBEDDED_RATE_LIMIT = { limit: 100, windowSeconds: 10 };

export interface RunTarget {
  config: RunConfig;
  embedded: boolean;
  close(): Promise<void>;
}

export async function resolveTarget(config: Config): Promise<RunTarget> {
  if (config.target.kind === 'url') {
    await preflight(config.target.baseUrl, config.timeoutMs);
    return {
      embedded: false,
      close: async () => {},
      config: runConfigFor(config, config.target.baseUrl, config.target.apiKey),
    };
  }
  // Loaded only when used: a run against a URL never loads the reference server.
  const { startReferenceServer } = await import('../reference/server.ts');
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      faults: config.target.faults,
      variants: config.target.variants,
      rateLimit: EMBEDDED_RATE_LIMIT,
    });
  } catch (e) {
    throw new UsageError(`the embedded reference server did not start: ${errorMessage(e)}`);
  }
  // The embedded server's own fixtures stand in for the ones a user would hand over.
  const run = runConfigFor(config, server.baseUrl, server.demoKey);
  if (run.cancellableOrderIds.length === 0) run.cancellableOrderIds = server.fixtures.pending;
  if (run.shippedOrderIds.length === 0) run.shippedOrderIds = server.fixtures.shipped;
  // Its list is complete by construction (our own server, started for this run): absence may rest on it.
  run.trustOrderList = true;
  return { embedded: true, close: () => server.close(), config: run };
}

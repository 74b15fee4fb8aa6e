// The target of a run: the base URL and key the user configured (reachable, checked at preflight), or the
// embedded reference server with its demo key and fixtures when no base URL is given.
import type { Config } from '../lib/config/config.ts';
import { closest, distance } from '../lib/config/environment.ts';
import { type RunConfig, runConfigFor } from '../lib/config/run-config.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { proxyFor } from '../lib/http/dispatcher.ts';
import { preflight } from '../lib/http/preflight.ts';

/**
 * The embedded reference server runs a compressed rate-limit window so the probe finishes in seconds: the
 * Free plan's 60 requests (spec §8 table), in 10 s rather than a minute, so `--plan free` holds there too.
 */
export const EMBEDDED_RATE_LIMIT = { limit: 60, windowSeconds: 10 };
/** The plan whose limit the embedded server's window matches. */
export const EMBEDDED_PLAN = 'free';

export interface RunTarget {
  config: RunConfig;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * A fault or variant name the reference server does not know, refused naming the closest one and the command
 * that lists them all (the reference server's own command: this one has no listing flag of its own).
 */
function unknownNames(
  kind: string,
  names: readonly string[],
  known: readonly { id: string }[],
  setting: string,
): void {
  const ids = known.map((k) => k.id);
  const unknown = names.filter((n) => !ids.includes(n));
  if (unknown.length === 0) return;
  // A near miss (a typo) names what was meant; a name far from all of them names none.
  const named = unknown.map((n) => {
    const guess = closest(n, ids);
    return distance(n, guess) <= 3 ? `${JSON.stringify(n)} (did you mean ${guess}?)` : JSON.stringify(n);
  });
  throw new UsageError(
    `${setting}: unknown ${kind} ${named.join(', ')}; list them with: npx order-store-reference --list-${kind}s (npm run reference -- --list-${kind}s in a checkout)`,
  );
}

export async function resolveTarget(config: Config): Promise<RunTarget> {
  if (config.target.kind === 'url') {
    const proxy = proxyFor(config.target.baseUrl, config.proxy);
    await preflight(config.target.baseUrl, config.timeoutMs, {
      waitSeconds: config.waitForTargetSeconds,
      ...(config.caFile !== undefined ? { caFile: config.caFile } : {}),
      ...(proxy !== undefined ? { proxy } : {}),
    });
    return {
      embedded: false,
      close: async () => {},
      config: runConfigFor(config, config.target.baseUrl, config.target.apiKey),
    };
  }
  // Loaded only when used: a run against a URL never loads the reference server.
  const { startReferenceServer, FAULTS, VARIANTS, DEMO_KEY, SECOND_DEMO_KEY } = await import(
    '../reference/server.ts'
  );
  unknownNames('fault', config.target.faults, FAULTS, envAndFlag('referenceFaults'));
  unknownNames('variant', config.target.variants, VARIANTS, envAndFlag('referenceVariants'));
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      faults: config.target.faults,
      variants: config.target.variants,
      rateLimit: EMBEDDED_RATE_LIMIT,
      // Two demo keys: the second proves limits are per key (RL-PROBE-SECOND-KEY), as a user's second key would.
      keys: [
        { key: DEMO_KEY, plan: EMBEDDED_PLAN },
        { key: SECOND_DEMO_KEY, plan: EMBEDDED_PLAN },
      ],
    });
  } catch (e) {
    throw new UsageError(`the embedded reference server did not start: ${errorMessage(e)}`);
  }
  // The embedded server's own fixtures stand in for the ones a user would hand over.
  const run = runConfigFor(config, server.baseUrl, server.demoKey);
  if (run.cancellableOrderIds.length === 0) run.cancellableOrderIds = server.fixtures.pending;
  if (run.shippedOrderIds.length === 0) run.shippedOrderIds = server.fixtures.shipped;
  // A server started for this run: its own pending orders are pending, shown so by construction.
  run.shownPending = [...new Set([...(run.shownPending ?? []), ...server.fixtures.pending])];
  run.secondApiKey = SECOND_DEMO_KEY;
  // Its list is complete by construction (our own server, started for this run): absence may rest on it.
  run.trustOrderList = true;
  // Its demo key, to our own server on this machine: no access log or proxy keeps the URL it goes in.
  run.allowKeyInUrl = true;
  return { embedded: true, close: () => server.close(), config: run };
}

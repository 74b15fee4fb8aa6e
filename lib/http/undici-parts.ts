// The parts of undici the transport uses, loaded without the package's index, which also loads fetch,
// WebSocket, EventSource, cookies, the cache and the mocks (about 60 ms of CPU per run that none of it serves).
// undici 7's own modules under lib/, typed as the package types them; transport.test.ts proves they still hold.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const load = createRequire(import.meta.url);

export const Agent: typeof Undici.Agent = load('undici/lib/dispatcher/agent.js');
export const buildConnector: typeof Undici.buildConnector = load('undici/lib/core/connect.js');

/** undici's ProxyAgent, loaded when a proxy is in use. */
export const proxyAgent = (): typeof Undici.ProxyAgent => load('undici/lib/dispatcher/proxy-agent.js');

/** Dispatcher#request as the index adds it to every dispatcher (the same function), for a dispatcher of any kind. */
const apiRequest: (
  this: Undici.Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData> = load('undici/lib/api/api-request.js');

export function dispatch(
  dispatcher: Undici.Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
): Promise<Undici.Dispatcher.ResponseData> {
  return apiRequest.call(dispatcher, options);
}

// The two parts of undici the harness uses, Agent and request(), loaded from undici's own modules rather than
// its index, which also compiles fetch, WebSocket, caches and mocks (most of a run's start-up CPU). Must
// behave as undici's request() does: the same URL parsing, the same dispatch.
import { createRequire } from 'node:module';
import type { Dispatcher, Agent as UndiciAgent } from 'undici';

const require = createRequire(import.meta.url);

/** undici's Agent class, as `import { Agent } from 'undici'` gives it. */
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
export type Agent = UndiciAgent;

type RequestApi = (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
const requestApi = require('undici/lib/api/api-request.js') as RequestApi;
const { parseURL } = require('undici/lib/core/util.js') as { parseURL(url: string): URL };

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & {
  dispatcher: Dispatcher;
  /**
   * Send the URL's path and query as written: URL parsing resolves dot segments ("/./", "/../", "%2e"), which
   * the path-spelling checks must put on the wire as they are. Off: undici's own parsing, unchanged.
   */
  verbatimPath?: boolean;
};

/** The path and query of an absolute http(s) URL as written, nothing resolved. */
export function rawPathOf(url: string): string {
  const authority = url.indexOf('//');
  const slash = url.indexOf('/', authority + 2);
  return slash === -1 ? '/' : url.slice(slash);
}

/** `request(url, options)` of undici's index (its makeDispatcher), for a URL string and a given dispatcher. */
export function request(url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, verbatimPath, ...rest } = options;
  const parsed = parseURL(url);
  return requestApi.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: verbatimPath
      ? rawPathOf(url)
      : parsed.search
        ? `${parsed.pathname}${parsed.search}`
        : parsed.pathname,
    method: rest.method ?? 'GET',
  });
}

// What the request pipeline (handler.ts) works with: the server's limiter, keys, windows and counters beside the
// route context, and who a request's caller turned out to be. Types only.
import type { Credentials } from './auth.ts';
import type { RouteContext } from './context.ts';
import type { FrontCache } from './front-cache.ts';
import type { FrontLimiter } from './front-limiter.ts';
import type { KeyListCache, ListCache } from './list-cache.ts';
import type { Plan, WindowSpec } from './plans.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface PipelineContext extends RouteContext {
  limiter: RateLimiter;
  keys: ReadonlyMap<string, Plan>;
  demoKey: string;
  windowsFor: (plan: Plan) => WindowSpec[];
  addressWindows: WindowSpec[];
  /** What comes before /v1 in every path ('' by default). */
  basePath: string;
  /** Requests received, and how many each kind of rate-limit subject was charged (a key, an address). */
  counters: { requests: number; key: number; address: number };
  /** Fault ratelimit-front-403: the proxy before the application, with its own limit per address. */
  front?: FrontLimiter;
  /** Fault ratelimit-list-front-cache: the front's mod_cache store of each Authorization's list. */
  frontCache?: FrontCache;
  /** Fault ratelimit-list-cache-replays: each key's list, served again before the limiter. */
  listCache?: ListCache;
  /** Fault list-cache-per-key: each key's list body, served again to that key for 30 s. */
  keyListCache?: KeyListCache;
  /** Held before each answer: a distant server's round trip (ReferenceServerOptions.delayMs). */
  delayMs?: number;
  log?: (line: string) => void;
}

export type Caller =
  | { authenticated: true; key: string; plan: Plan }
  | { authenticated: false; credentials: Credentials };

// The settings that bound what a run spends and waits for: its request budget, timeouts and size caps, and the
// key's rate-limit plan and probe. Rows only (settings.ts assembles them).
import type { Setting } from './row.ts';

export const LIMIT_SETTINGS = [
  {
    key: 'maxRequests',
    flag: '--max-requests',
    env: 'ORDER_STORE_MAX_REQUESTS',
    kind: 'integer',
    default: '400',
    help: 'Request budget of the whole run; never exceeded (checks that would exceed it are skipped).',
  },
  {
    key: 'timeoutMs',
    flag: '--timeout-ms',
    env: 'ORDER_STORE_TIMEOUT_MS',
    kind: 'integer',
    default: '10000',
    help: 'Per-request timeout for connecting, for the headers and between body chunks; every exchange also ends within 3x this, whole body included. A request that outlasts either ends its check in error.',
  },
  {
    key: 'maxWaitSeconds',
    flag: '--max-wait-seconds',
    env: 'ORDER_STORE_MAX_WAIT_SECONDS',
    kind: 'integer',
    default: '120',
    help: 'Longest single wait for a rate-limit reset or Retry-After; a longer one stops the run as incomplete.',
  },
  {
    key: 'maxResponseBytes',
    flag: '--max-response-bytes',
    env: 'ORDER_STORE_MAX_RESPONSE_BYTES',
    kind: 'integer',
    default: '134217728',
    help: 'Largest response body read; a bigger one ends its check in error (the run is incomplete), never a failure of the target.',
  },
  {
    key: 'maxHeaderBytes',
    flag: '--max-header-bytes',
    env: 'ORDER_STORE_MAX_HEADER_BYTES',
    kind: 'integer',
    default: '65536',
    help: "Largest response header section read (field names and values); a bigger one ends its check in error as 'the headers exceed N KiB' (the run is incomplete), never a failure of the target.",
  },
  {
    key: 'plan',
    flag: '--plan',
    env: 'ORDER_STORE_PLAN',
    kind: 'string',
    default: '',
    values: ['free', 'pro', 'business', 'enterprise'],
    help: "The key's plan (free, pro, business, enterprise): X-RateLimit-Limit must match its spec §8 limit.",
  },
  {
    key: 'skipRateLimitProbe',
    flag: '--skip-rate-limit-probe',
    env: 'ORDER_STORE_SKIP_RATE_LIMIT_PROBE',
    kind: 'boolean',
    default: 'false',
    help: 'Leave out the rate-limit probe (the verdict then says so).',
  },
  {
    key: 'burst',
    flag: '--burst',
    env: 'ORDER_STORE_BURST',
    kind: 'boolean',
    default: 'false',
    help: 'Opt-in: right after a reset, bring the window to Limit + 1 requests with one concurrent burst; at most Limit may succeed. Spends quota.',
  },
  {
    key: 'surfaceWindows',
    flag: '--surface-windows',
    env: 'ORDER_STORE_SURFACE_WINDOWS',
    kind: 'integer',
    default: '1',
    help: "How many of the key's rate-limit windows HTTP-SURFACE-PROPERTY may spread its cases over (and HTTP-REQUEST-BODY-FRAMING, HTTP-CANCEL-PATH-ID and HTTP-BEARER-SPACING wait for room for their few requests in): each sends only into the room a window has left (never past X-RateLimit-Remaining 0) and waits each further window out as the rate-limit probe does. 1: the current window only, no wait. With ⟦flag:exhaustive⟧ the property sends the whole surface, so raise this to cover it on a Free plan.",
  },
] as const satisfies readonly Setting[];

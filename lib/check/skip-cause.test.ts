// The cause of a skip is read from the setting its reason names; the real reasons of the suites are used.
import { describe, expect, it } from 'vitest';
import { skipCause } from './skip-cause.ts';

describe('skipCause', () => {
  it.each([
    [
      'needs up to 30 requests and 4 remain of the budget: raise --max-requests / ORDER_STORE_MAX_REQUESTS',
      'limit',
    ],
    [
      'exhausting this window would keep the key limited for 10 s (until X-RateLimit-Reset), longer than --max-wait-seconds (2 s): raise --max-wait-seconds / ORDER_STORE_MAX_WAIT_SECONDS to run the probe',
      'limit',
    ],
    [
      'needs an order known to have shipped: set --shipped-order-ids / ORDER_STORE_SHIPPED_ORDER_IDS',
      'input',
    ],
    ['needs a second API key: set --second-api-key / ORDER_STORE_SECOND_API_KEY', 'input'],
    ["needs the key's plan: set --plan / ORDER_STORE_PLAN", 'input'],
    ['opt-in, as it spends a whole window at once: --burst / ORDER_STORE_BURST', 'input'],
    ['the rate-limit probe is off (--skip-rate-limit-probe / ORDER_STORE_SKIP_RATE_LIMIT_PROBE)', 'input'],
    ['the list answered 500, not 200 (see LIST-STATUS-200)', 'outcome'],
    ['the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)', 'outcome'],
  ] as const)('%s: %s', (reason, cause) => {
    expect(skipCause(reason)).toBe(cause);
  });
});

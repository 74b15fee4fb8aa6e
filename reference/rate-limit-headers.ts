// Renders a limiter verdict as X-RateLimit-* and Retry-After headers (spec §8 rules 1, 2, 4).
// Must not count or decide: the verdict is final by the time it gets here.

import type { FaultSet } from './faults/fault-set.ts';
import type { HeaderFields } from './http-writer.ts';
import type { Verdict } from './rate-limiter.ts';
import type { VariantSet } from './variants/variant-set.ts';

const seconds = (ms: number) => Math.ceil(ms / 1000);

export function rateLimitHeaders(
  verdict: Verdict,
  status: number,
  now: number,
  faults: FaultSet,
  variants?: VariantSet,
): HeaderFields {
  const headers: HeaderFields = {};
  const { report } = verdict;
  // Fault ratelimit-refused-503: the proxy's own page carries none of the application's fields.
  if (faults.has('ratelimit-refused-503') && verdict.outcome !== 'allowed') return headers;
  const missing =
    (faults.has('ratelimit-headers-missing-on-errors') && status >= 400 && status < 500) ||
    (faults.has('ratelimit-headers-missing-on-404') && status === 404);
  if (!missing) {
    // Fault ratelimit-headers-daily-quota: the day counter's Remaining, on a refusal too.
    let remaining =
      verdict.outcome === 'allowed' || faults.has('ratelimit-headers-daily-quota') ? report.remaining : 0;
    if (faults.has('ratelimit-remaining-stuck')) remaining = report.limit;
    if (faults.has('ratelimit-remaining-negative')) remaining = report.limit - report.attempts;
    // Counted before the request itself is: one more than is left, until the 429.
    if (
      (faults.has('ratelimit-remaining-one-high') || faults.has('ratelimit-early-429-carried-out')) &&
      verdict.outcome === 'allowed'
    )
      remaining = Math.min(report.limit, remaining + 1);
    let reset = seconds(report.resetMs);
    if (faults.has('ratelimit-reset-ms')) reset = Math.ceil(report.resetMs);
    if (faults.has('ratelimit-reset-delta')) reset = Math.max(0, seconds(report.resetMs - now));
    if (faults.has('ratelimit-reset-rolling') || faults.has('ratelimit-reset-rolling-epoch'))
      reset = seconds(now + report.windowMs);
    if (faults.has('ratelimit-reset-frozen')) reset = seconds(report.firstResetMs);
    // The window's start where its end belongs (an off-by-a-window slip): a moment already past.
    if (faults.has('ratelimit-reset-window-start'))
      reset = Math.floor((report.resetMs - report.windowMs) / 1000);
    // Fault ratelimit-per-route-reset-past: mktime() of a naive UTC time on a UTC+5:30 host, 5.5 h early.
    if (faults.has('ratelimit-per-route-reset-past')) reset -= 19_800;
    // The error path reads the burst capacity, twice the limit, where the success path reads the limit.
    const doubled = faults.has('ratelimit-limit-by-status') && status >= 400;
    const limit = faults.has('ratelimit-limit-fixed-100') ? 100 : report.limit;
    headers['X-RateLimit-Limit'] = String(doubled ? 2 * limit : limit);
    headers['X-RateLimit-Remaining'] = String(remaining);
    headers['X-RateLimit-Reset'] = String(reset);
    Object.assign(headers, draftFields(report, remaining, now, faults, variants));
    // The not-found handler sets the fields again after the rate-limit middleware did, from the count it
    // read before this request was counted: each on two lines, the first one request behind.
    if (faults.has('ratelimit-headers-twice-on-404') && status === 404) {
      headers['X-RateLimit-Limit'] = [headers['X-RateLimit-Limit'], headers['X-RateLimit-Limit']];
      headers['X-RateLimit-Remaining'] = [String(Math.min(limit, remaining + 1)), String(remaining)];
      headers['X-RateLimit-Reset'] = [String(reset), String(reset)];
    }
  }
  if (faults.has('ratelimit-draft-fields-only')) {
    delete headers['X-RateLimit-Limit'];
    delete headers['X-RateLimit-Remaining'];
    delete headers['X-RateLimit-Reset'];
  }
  const noRetryAfter =
    faults.has('ratelimit-no-retry-after') || faults.has('ratelimit-per-worker-no-retry-after');
  if (verdict.outcome !== 'allowed' && !noRetryAfter) {
    // RFC 9110 §10.2.3: delay-seconds, a non-negative integer; rounded up and at least 1 so that a client
    // that waits exactly this long never arrives before the reset.
    const waitMs = verdict.retryAtMs - now;
    headers['Retry-After'] = faults.has('ratelimit-retry-after-inconsistent')
      ? String(Math.max(1, Math.ceil(waitMs)))
      : faults.has('ratelimit-retry-after-asctime')
        ? asctime(seconds(verdict.retryAtMs) * 1000)
        : variants?.has('retry-after-http-date')
          ? // RFC 9110 §10.2.3: an HTTP-date; whole seconds, so rounded up to stay at or after the instant.
            new Date(seconds(verdict.retryAtMs) * 1000).toUTCString()
          : variants?.has('retry-after-rounded-up')
            ? // Counted on whole-second clocks: the instant's second, rounded up, minus the current second.
              String(Math.max(1, seconds(verdict.retryAtMs) - Math.floor(now / 1000)))
            : String(Math.max(1, seconds(waitMs)));
  }
  return headers;
}

/** C's asctime() of a UTC moment, as RFC 9110 §5.6.7 names it: "Sun Dec  6 02:21:48 2026" (fault only). */
function asctime(ms: number): string {
  const [day, , month, , time] = new Date(ms).toUTCString().split(' ');
  const date = new Date(ms).getUTCDate();
  return `${day!.slice(0, 3)} ${month} ${String(date).padStart(2, ' ')} ${time} ${new Date(ms).getUTCFullYear()}`;
}

/**
 * The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers): the -08 form instead of X-RateLimit-* under
 * fault ratelimit-draft-fields-only, the -07 form beside them under variant ratelimit-draft-fields-too. The
 * reset is a delta in seconds in both.
 */
function draftFields(
  report: Verdict['report'],
  remaining: number,
  now: number,
  faults: FaultSet,
  variants: VariantSet | undefined,
): HeaderFields {
  const t = Math.max(0, seconds(report.resetMs - now));
  const w = seconds(report.windowMs);
  if (faults.has('ratelimit-draft-fields-only'))
    return {
      RateLimit: `"default";r=${remaining};t=${t}`,
      'RateLimit-Policy': `"default";q=${report.limit};w=${w}`,
    };
  if (variants?.has('ratelimit-draft-fields-too'))
    return {
      RateLimit: `limit=${report.limit}, remaining=${remaining}, reset=${t}`,
      'RateLimit-Policy': `${report.limit};w=${w}`,
    };
  return {};
}

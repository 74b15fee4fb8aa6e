// The named faults of the rate-limit headers and the limiter: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const RATE_LIMIT_FAULTS = faultsOf('rate-limit', [
  fault(
    'ratelimit-headers-missing-on-errors',
    'any response',
    'spec §8 rule 1',
    'No X-RateLimit-* headers on 4xx responses (429 included).',
  ),
  fault(
    'ratelimit-headers-missing-on-404',
    'any response',
    'spec §8 rule 1',
    'No X-RateLimit-* headers on 404 responses (the not-found handler skips the rate-limit middleware).',
  ),
  fault(
    'ratelimit-headers-twice-on-404',
    'any response',
    'RFC 9110 §5.3; spec §8 rule 1',
    'Each X-RateLimit-* field is sent twice on 404 responses: the not-found handler sets them again after the rate-limit middleware, from the count before the request (X-RateLimit-Remaining: 58, then 57).',
  ),
  fault('ratelimit-reset-ms', 'any response', 'spec §8 rule 2', 'X-RateLimit-Reset is in Unix milliseconds.'),
  fault(
    'ratelimit-reset-delta',
    'any response',
    'spec §8 rule 2',
    'X-RateLimit-Reset is the number of seconds until the reset, not a timestamp.',
  ),
  fault(
    'ratelimit-reset-rolling',
    'any response',
    'spec §8 rule 2',
    'X-RateLimit-Reset is always now + the window length: it rolls forward with every response.',
  ),
  fault(
    'ratelimit-reset-frozen',
    'any response',
    'spec §8 rule 2',
    'X-RateLimit-Reset always names the end of the first window, even once it has passed.',
  ),
  fault(
    'ratelimit-reset-window-start',
    'any response',
    'spec §8 rule 2',
    'X-RateLimit-Reset names the start of the current window, a moment already past, instead of its end.',
  ),
  fault(
    'ratelimit-remaining-one-high',
    'any response',
    'spec §8 rule 1',
    'X-RateLimit-Remaining is counted before the request it answers: one more than is left, so Remaining 1 is followed by a 429.',
  ),
  fault(
    'ratelimit-limit-by-status',
    'any response',
    'spec §8 rule 1',
    'Error responses (4xx) carry twice the limit in X-RateLimit-Limit; successes carry the limit.',
  ),
  fault(
    'ratelimit-remaining-stuck',
    'any response',
    'spec §8 rule 1',
    'X-RateLimit-Remaining always equals the limit (limiting still happens).',
  ),
  fault(
    'ratelimit-remaining-negative',
    'any response',
    'spec §8 rule 1',
    'X-RateLimit-Remaining counts rejected requests too, so it goes negative on 429s.',
  ),
  fault(
    'ratelimit-never-limits',
    'any response',
    'spec §8 rule 3',
    'Requests are counted (Remaining reaches 0) but never answered 429.',
  ),
  fault(
    'ratelimit-off-by-one',
    'any response',
    'spec §8 rule 3',
    'limit + 1 requests get through per window.',
  ),
  fault(
    'ratelimit-retry-after-inconsistent',
    'any response',
    'RFC 9110 §10.2.3',
    'Retry-After is in milliseconds, so it disagrees with X-RateLimit-Reset.',
  ),
  fault(
    'ratelimit-retry-after-short',
    'any response',
    'spec §8 rule 4',
    'Retry-After names 1 s at most, whatever the window: a client that waits it is refused again until the Reset.',
  ),
  fault(
    'ratelimit-no-retry-after',
    'any response',
    'spec §8 rule 4',
    '429 responses carry no Retry-After (a limiter whose headers option covers only X-RateLimit-*): the client is told to wait for a time it is never given.',
  ),
  fault(
    'ratelimit-not-atomic',
    'any response',
    'spec §8 rule 3',
    'The counter is read, a store round-trip awaited, then count+1 written: a concurrent burst gets past the limit.',
  ),
  fault(
    'ratelimit-window-never-resets',
    'any response',
    'spec §8 rule 2',
    'After the first exhaustion the counter is never cleared: Reset advances but requests stay 429.',
  ),
  fault(
    'ratelimit-delete-two-units',
    'any response',
    'spec §8 table (requests per minute)',
    'The limiter charges every DELETE two units (a cost table that weighs writes double): X-RateLimit-Remaining falls by 2 per cancel, by 1 per list.',
  ),
  fault(
    'ratelimit-bucket-per-path',
    'any response',
    'spec §8 (limits depend on the plan, in requests per minute)',
    "A key's requests are counted per path (a store keyed by key and path, every counter reset on one clock): each path has its own X-RateLimit-Remaining, starting from the limit.",
  ),
  fault(
    'ratelimit-bucket-per-route',
    'any response',
    'spec §8 (limits depend on the plan, in requests per minute)',
    "A key's requests are counted per route (the limiter keyed by the endpoint, as Flask-Limiter's default is), each route's window opened by its own first request: each route has its own X-RateLimit-Remaining and its own Reset.",
  ),
  fault(
    'ratelimit-per-worker',
    'any response',
    'spec §8 rule 3',
    "Each of three worker processes keeps its own in-memory count of a key's requests (a limiter's default memory store under a pre-forking server), and requests go to them in turn: the key is served up to three times X-RateLimit-Limit in one window, and Remaining interleaves three counts.",
  ),
  fault(
    'ratelimit-limit-fixed-100',
    'any response',
    'spec §8 table',
    'X-RateLimit-Limit is always 100 (a hard-coded default), whatever the plan.',
  ),
  fault(
    'ratelimit-refused-503',
    'any response',
    'spec §8 rule 3',
    "Requests past the limit are refused as a reverse proxy's limiter refuses them by default: 503 Service Unavailable with its own HTML page, no Retry-After and no X-RateLimit-* fields.",
  ),
  fault(
    'ratelimit-draft-fields-only',
    'any response',
    'spec §8 rule 1',
    "The limiter writes the IETF draft's RateLimit and RateLimit-Policy fields (a library's standardHeaders: 'draft-8') and no X-RateLimit-* fields.",
  ),
  fault(
    'ratelimit-trusts-forwarded-for',
    'any response',
    'spec §8 (limits depend on the plan); rule 3',
    'Each key is counted per client address taken from the leftmost X-Forwarded-For (a proxy fix told to trust every hop): a client that names a new address in it gets a fresh count.',
  ),
  fault(
    'ratelimit-429-body-text',
    'any response',
    'spec §7 (error responses use the Error object)',
    '429 responses carry a text/plain "Too Many Requests" body.',
  ),
]);

// The named variants of the limiter, its headers and its 429: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const RATE_LIMIT_VARIANTS = variantsOf('rate-limit', [
  variant(
    'retry-after-http-date',
    'RFC 9110 §10.2.3 (Retry-After = HTTP-date / delay-seconds); spec §8 rule 8 (format not shown)',
    'Retry-After is an HTTP-date (the reset instant, rounded up to the second) instead of delay-seconds.',
  ),
  variant(
    'retry-after-rounded-up',
    'RFC 9110 §10.2.3; spec §8 rule 8',
    'Retry-After is delay-seconds counted from whole-second clocks: X-RateLimit-Reset minus the current second, so it can end up to a second after the reset.',
  ),
  variant(
    'limiter-epoch-window',
    'spec §8 (the algorithm is not shown; rule 2: Reset is when the limit resets)',
    'Fixed windows aligned to the epoch (they start at multiples of their length), not opened by the first request.',
  ),
  variant(
    'limiter-sliding-log',
    'spec §8 (the algorithm is not shown); rule 2',
    'A sliding log: a request counts for one window length after it was served; Reset is when the oldest counted request leaves the window, and Retry-After the time until then.',
  ),
  variant(
    'limiter-token-bucket',
    'spec §8 (the algorithm is not shown); rules 2 and 4',
    'A token bucket of Limit tokens refilled evenly over the window: Remaining may rise between requests, Reset is when the bucket is full again, Retry-After is the wait for the next token.',
  ),
  variant(
    'ratelimit-draft-fields-too',
    "spec §8 rule 1 (the X-RateLimit-* fields are required; others are not forbidden); the IETF draft's RateLimit fields",
    "Beside X-RateLimit-*, every response carries the IETF draft's RateLimit (draft -07 form: limit=, remaining=, reset=) and RateLimit-Policy fields.",
  ),
  variant(
    'limit-per-key-and-client',
    'spec §8 (limits depend on the plan; what a limit counts by beyond that is not shown); spec §5 rule 5',
    "Each key is limited per client address, read as a server behind one proxy reads it: the last X-Forwarded-For entry on a connection from its proxy (127.0.0.2), the connection's own address otherwise.",
  ),
  variant(
    'limit-per-address',
    'spec §8 (limits depend on the plan; whom a limit counts is not shown)',
    "One count per client address for every request from it, with a key or without (a limiter keyed by the caller's IP, as Plack::Middleware::Throttle and many middlewares are by default): requests refused for their credential take from the key's count.",
  ),
  variant(
    'address-limit-separate',
    'spec §5 rule 5 and §8 (how unauthenticated callers are limited is not shown); §8 rule 1',
    'Unauthenticated requests are limited per client address by their own window, a quarter of the key limit (at least 10), with its own X-RateLimit-* numbers.',
  ),
]);

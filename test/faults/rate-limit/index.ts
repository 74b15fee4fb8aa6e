// The proofs of the rate-limit area's faults: those in the X-RateLimit-* headers, in what the limiter counts, and
// in the refusal it answers with.
import type { FaultProofs } from '../proof.ts';
import { APART_FAULTS } from './apart.ts';
import { BUCKET_FAULTS } from './buckets.ts';
import { COUNTER_FAULTS } from './counters.ts';
import { HEADER_FAULTS } from './headers.ts';
import { LIMITER_FAULTS } from './limiter.ts';
import { REFUSAL_FAULTS } from './refusals.ts';

export const RATE_LIMIT_FAULTS = {
  ...HEADER_FAULTS,
  ...LIMITER_FAULTS,
  ...COUNTER_FAULTS,
  ...BUCKET_FAULTS,
  ...APART_FAULTS,
  ...REFUSAL_FAULTS,
} satisfies FaultProofs<'rate-limit'>;

// The proofs of the rate-limit area's faults: those in the X-RateLimit-* headers and those in the limiter.
import type { FaultProofs } from '../proof.ts';
import { HEADER_FAULTS } from './headers.ts';
import { LIMITER_FAULTS } from './limiter.ts';

export const RATE_LIMIT_FAULTS = { ...HEADER_FAULTS, ...LIMITER_FAULTS } satisfies FaultProofs<'rate-limit'>;

// Faults caught by the rate-limit probe (suites/rate-limit-probe.ts).
import type { FaultExpectation } from './types.ts';

export const RATE_LIMIT_FAULTS: Record<string, FaultExpectation> = {};

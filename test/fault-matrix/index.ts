// The whole fault matrix: every catalogued reference fault with the checks that must catch it.
import { API_FAULTS } from './api.ts';
import { ORDER_ID_FAULTS } from './order-id.ts';
import { RATE_LIMIT_FAULTS } from './rate-limit.ts';
import type { FaultExpectation } from './types.ts';

/** Several files may name the same fault (e.g. a header fault seen by the probe too): each entry is run. */
export const FAULT_MATRIX: Array<[string, FaultExpectation]> = [
  ...Object.entries(API_FAULTS),
  ...Object.entries(ORDER_ID_FAULTS),
  ...Object.entries(RATE_LIMIT_FAULTS),
];

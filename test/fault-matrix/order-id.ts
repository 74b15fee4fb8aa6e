// Faults caught by the orderId property suite (suites/order-id-properties.ts).
import type { FaultExpectation } from './types.ts';

export const ORDER_ID_FAULTS: Record<string, FaultExpectation> = {};

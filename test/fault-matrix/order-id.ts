// Faults caught by the orderId property suite (suites/order-id/).
import type { FaultExpectation } from './types.ts';

const NO_PROBE = ['--skip-rate-limit-probe'];

export const ORDER_ID_FAULTS: Record<string, FaultExpectation> = {
  // Rounded list ids, and the cancel of 9007199254740993 lands on 9007199254740992; Number('0x2') is 2.
  'int64-number-ids': {
    fails: ['ID-LIST-LOSSLESS', 'ID-CANCEL-ISOLATION'],
    warns: ['ID-CANCEL-SPELLING'],
    args: NO_PROBE,
    exit: 1,
  },
  // A malformed id crashes into a 500; BigInt('0x2') still reads 2, so a spelling cancels it.
  'orderid-malformed-500': {
    fails: ['ID-MALFORMED-4XX'],
    warns: ['ID-CANCEL-SPELLING'],
    args: NO_PROBE,
    exit: 1,
  },
  // atoi reads 002 as 2: a typo cancels a real order (SHOULD); absent-built malformed ids still get 404.
  'orderid-lenient-parse': { warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 },
  'cancel-unknown-204': { fails: ['ID-ABSENT-404'], args: NO_PROBE, exit: 1 },
};

// The areas of the spec, in its order: the one list of names the project's trees share. Each is a folder of
// suites/ and, where it has any, the file (or folder) of its faults and variants in reference/faults/,
// reference/variants/, test/faults/ and test/variants/ (test/architecture/areas.test.ts keeps the trees to it).

export const AREAS = [
  'list', // spec §2 Order, §4 listOrders
  'cancel', // spec §3, §4 cancelOrder
  'state', // spec §3: what a request did to the store, over the run
  'order-id', // spec §2 Order id, §4 cancelOrder orderId
  'auth', // spec §5
  'pets', // spec §4 Other operations, §9 rule 3
  'versioning', // spec §1 base addresses, §9
  'errors', // spec §2 Error, §7
  'rate-limit', // spec §8
  'http', // how HTTP carries every answer (RFC 9110, RFC 9112)
] as const;

export type Area = (typeof AREAS)[number];

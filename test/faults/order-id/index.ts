// The proofs of the faults in reading an orderId (spec §4 cancelOrder path parameter).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { DEFAULT_ORDERS, type SeedOrder } from '../../../reference/seed.ts';
import type { RunningReference } from '../../../reference/server.ts';
import { cancelled, del } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProofs, FIVE_PENDING, NO_PROBE, UNTRUSTED_LIST } from '../proof.ts';
import { NUMBER_ID_FAULTS } from './number-ids.ts';
import { ORDER_ID_ERROR_FAULTS } from './server-errors.ts';

/** Cancels each raw orderId segment in turn: their statuses, then which orders ended cancelled. */
async function cancelEach(s: RunningReference, raws: readonly string[]) {
  const statuses = [];
  for (const raw of raws) statuses.push((await call(s, `/store/orders/${raw}`, del)).status);
  return [statuses, cancelled(s)];
}

/**
 * The default seed with order 2^63-1 pending (not shipped), third in the store: a fixture the run is given,
 * and not the one held back for the late checks (the last).
 */
const INT64_MAX_PENDING: SeedOrder[] = (() => {
  const edge = DEFAULT_ORDERS.find((o) => o.id === 9223372036854775807n)!;
  const rest = DEFAULT_ORDERS.filter((o) => o !== edge);
  return [...rest.slice(0, 2), { ...edge, status: 'pending' }, ...rest.slice(2)];
})();

/**
 * The default seed with both int64 edges pending, -2^63 first in the store (so first among the fixtures given):
 * the run hands the edges to the saturating spellings and their own cancels whatever order they came in.
 */
const INT64_EDGES_PENDING: SeedOrder[] = (() => {
  const edge = DEFAULT_ORDERS.find((o) => o.id === 9223372036854775807n)!;
  const min = { ...edge, id: -9223372036854775808n, status: 'pending' as const };
  return [min, ...DEFAULT_ORDERS.map((o) => (o === edge ? { ...edge, status: 'pending' as const } : o))];
})();

export const ORDER_ID_FAULTS = {
  ...ORDER_ID_ERROR_FAULTS,
  ...NUMBER_ID_FAULTS,
  'orderid-lenient-parse': {
    masking: { removes: ['spare-fixture', 'strict-reader'] },
    probe: (s) => cancelEach(s, ['7abc', '0x7', '+2', '003']),
    faithful: [[400, 400, 400, 400], []],
    faulty: [
      [204, 404, 204, 204],
      ['2', '3', '7'],
    ],
    caught: [
      // atoi reads 2abc as 2, a segment no order has (MUST), and 3. as 3 (SHOULD); absent-built ids still 404.
      { fails: ['ID-CANCEL-MISREAD'], warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 1 },
    ],
  },
  'orderid-unicode-digits': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['%D9%A7', '%EF%BC%92', '%E0%A5%A9']),
    faithful: [[400, 400, 400], []],
    faulty: [
      [204, 204, 204],
      ['2', '3', '7'],
    ],
    // Only a spelling of a pending order shows it: around an absent id, the digits read name no order (404).
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-trims-whitespace': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['%207', '2%0A', '%C2%A03']),
    faithful: [[400, 400, 400], []],
    faulty: [
      [204, 204, 204],
      ['2', '3', '7'],
    ],
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-trailing-newline': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['%202', '2%20', '2%09', '2%0A']),
    faithful: [[400, 400, 400, 400], []],
    faulty: [[400, 400, 400, 204], ['2']],
    // Only a final newline is taken: a default run tries it first of the whitespace kind, whatever the seed.
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-format-suffix': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['2.json', '2.xml', '2.0']),
    faithful: [[400, 400, 400], []],
    faulty: [[204, 409, 409], ['2']],
    // 7.5e1 reads as order 7 with a format "5e1" (a segment no order has: MUST), and 7.0 with a format "0"
    // (the same integer spelt otherwise: SHOULD).
    caught: [{ fails: ['ID-CANCEL-MISREAD'], warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 1 }],
  },
  'orderid-arabic-indic-digits': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['%DB%B2', '%E0%A5%A8', '%EF%BC%92', '%D9%A2']),
    faithful: [[400, 400, 400, 400], []],
    faulty: [[400, 400, 400, 204], ['2']],
    // Only U+0660 to U+0669: a default run tries that script first of the script-digits kind, whatever the seed.
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-wraps-uint64': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['18446744073709551623', '-18446744073709551614', '9223372036854775808']),
    // 2^63 wraps to -2^63, which no order has: a 404 where the faithful server says 400.
    faithful: [[400, 400, 400], []],
    faulty: [
      [204, 204, 404],
      ['2', '7'],
    ],
    // Around an absent id the wrapped value is that absent id again (404): only a fixture's shows.
    caught: [{ fails: ['ID-CANCEL-MISREAD'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['ID-CANCEL-MISREAD'],
  },
  'orderid-saturates-int64': {
    masking: { reads: ['strict-reader'] },
    options: { orders: INT64_MAX_PENDING },
    // 2^63 and -2^63-1 clamp to the int64 edges; 2^64 + 7 saturates too, onto the edge order cancelled just before.
    probe: (s) => cancelEach(s, ['9223372036854775808', '-9223372036854775809', '18446744073709551623']),
    faithful: [[400, 400, 400], []],
    faulty: [[204, 404, 409], ['9223372036854775807']],
    // Only a pending order at the edge shows it, so the store holds one and the run is given it as a fixture.
    caught: [
      {
        fails: ['ID-CANCEL-MISREAD'],
        args: NO_PROBE,
        reference: { orders: INT64_MAX_PENDING },
        exit: 1,
      },
    ],
    onlyBy: ['ID-CANCEL-MISREAD'],
  },
  'orderid-int64-min-refused': {
    masking: {},
    options: { orders: INT64_EDGES_PENDING },
    probe: (s) => cancelEach(s, ['-9223372036854775808', '9223372036854775807']),
    faithful: [
      [204, 204],
      ['-9223372036854775808', '9223372036854775807'],
    ],
    faulty: [[400, 204], ['9223372036854775807']],
    // Only a cancel of the pending order at -2^63 itself shows it: the run sends one when it is a fixture.
    caught: [
      { fails: ['CANCEL-PENDING-204'], args: NO_PROBE, reference: { orders: INT64_EDGES_PENDING }, exit: 1 },
    ],
    onlyBy: ['CANCEL-PENDING-204'],
  },
  'orderid-hex-prefix': {
    masking: {
      removes: ['spare-fixture'],
      reads: ['strict-reader'],
      hides: {
        'orderid-wraps-uint64':
          'both bend the one strict reader: the hexadecimal one reads every decimal id itself, never wrapping it',
      },
    },
    // 0x2 and 0X3 name pending orders; 0o7 (octal) does not read.
    probe: (s) => cancelEach(s, ['0x2', '0X3', '0o7']),
    faithful: [[400, 400, 400], []],
    faulty: [
      [204, 204, 400],
      ['2', '3'],
    ],
    // The hex kind goes out in every default run, whatever the seed (test/engine/every-kind.test.ts).
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-go-base0': {
    masking: {
      reads: ['strict-reader'],
      hides: {
        'orderid-wraps-uint64':
          'both bend the one strict reader: Go refuses every id beyond int64, never wrapping it',
      },
    },
    options: { orders: FIVE_PENDING },
    // 0xa, 0b1011 and 1_2 name pending orders 10, 11, 12; text after the digits (13-) does not read.
    probe: (s) => cancelEach(s, ['0xa', '0b1011', '1_2', '13-']),
    faithful: [[400, 400, 400, 400], []],
    faulty: [
      [204, 204, 204, 400],
      ['10', '11', '12'],
    ],
    // A blind red team's gin server, run as a user runs it (the list not trusted): atoi reads 0x... as 0, an id
    // the list cannot prove absent, so only the refusal of 10- (trailing-text) lets a radix spelling go out.
    caught: [
      {
        warns: ['ID-CANCEL-SPELLING'],
        args: NO_PROBE,
        env: UNTRUSTED_LIST,
        reference: { orders: FIVE_PENDING },
        exit: 0,
      },
    ],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-nfkc-digits': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    probe: (s) => cancelEach(s, ['%EF%BC%92', '%F0%9D%9F%91', '%D9%A7']),
    faithful: [[400, 400, 400], []],
    faulty: [
      [204, 204, 400],
      ['2', '3'],
    ],
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-float-accepted': {
    masking: { removes: ['spare-fixture'], reads: ['strict-reader'] },
    // A decimal point, an exponent and a sign are taken; hex is not a number to it.
    probe: (s) => cancelEach(s, ['7.0', '2e0', '%2B3', '0x1']),
    faithful: [[400, 400, 400, 400], []],
    faulty: [
      [204, 204, 204, 400],
      ['2', '3', '7'],
    ],
    // Around an absent id the number read is that absent id (404): only a spelling of a pending order shows.
    caught: [{ warns: ['ID-CANCEL-SPELLING'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['ID-CANCEL-SPELLING'],
  },
  'orderid-leading-zero-octal': {
    masking: { reads: ['strict-reader'] },
    options: { orders: FIVE_PENDING },
    // 015 is 13 and 012 is 10 read as octal; +13 is 13; 0x and 0o are no digits to the route.
    probe: (s) => cancelEach(s, ['015', '012', '%2B14', '0xb', '0o13']),
    faithful: [[400, 400, 400, 400, 400], []],
    faulty: [
      [204, 204, 204, 400, 400],
      ['10', '13', '14'],
    ],
    // The red team's fixtures (5 pending, 2 shipped): the spelling run holds one, and a leading zero whose
    // octal reading names it (015 for 13, its decimal reading 15 proven absent) goes before the plus sign.
    caught: [{ fails: ['ID-CANCEL-MISREAD'], args: NO_PROBE, reference: { orders: FIVE_PENDING }, exit: 1 }],
  },
  'orderid-truncates-int32': {
    masking: { reads: ['strict-reader'] },
    options: { orders: FIVE_PENDING },
    // 2^32 + 10 and 2^33 + 12 are valid int64 ids no order has; their low 32 bits are 10 and 12. Trailing text is
    // still refused: the truncation alone shows.
    probe: (s) => cancelEach(s, ['4294967306', '8589934604', '13abc']),
    faithful: [[404, 404, 400], []],
    faulty: [
      [204, 204, 400],
      ['10', '12'],
    ],
    // The red team's store (small pending ids): 2^32 + a lies inside the guard of that cluster, so the run sends
    // 2^33 + a, which it proves absent.
    caught: [
      {
        fails: ['ID-CANCEL-MISREAD'],
        says: { 'ID-CANCEL-MISREAD': /wraps-int32: its low 32 bits read 1\d/ },
        args: NO_PROBE,
        reference: { orders: FIVE_PENDING },
        exit: 1,
      },
    ],
  },
} satisfies FaultProofs<'order-id'>;

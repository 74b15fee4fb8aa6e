// The proofs of the orderId faults that answer a malformed id with a server error, or die on it (spec §4
// cancelOrder path parameter): split from index.ts, which spreads them into ORDER_ID_FAULTS.
import { FAULTS } from '../../../reference/server.ts';
import { del } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from '../proof.ts';

type ServerErrorFault =
  | 'orderid-malformed-500'
  | 'orderid-percent-ff-500'
  | 'orderid-percent-ff-crash'
  | 'unanswered-dotted-path';

/** Why a drop of the malformed run's dotted id hides the spelling faults. */
const SPELLINGS_UNSENT =
  'the malformed and spelling run ends at its first dotted id, which the first drops: the spellings the second is caught on are never sent';

export const ORDER_ID_ERROR_FAULTS = {
  'orderid-malformed-500': {
    masking: { bends: ['absent-answer'], removes: ['spare-fixture', 'strict-reader'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders/1.5', del);
      return [a.status, a.headers['content-type']];
    },
    faithful: [400, 'application/json'],
    faulty: [500, 'text/plain; charset=utf-8'],
    caught: [
      // A malformed id crashes into a 500; BigInt('0x2') still reads 2, so a spelling cancels it.
      {
        fails: ['ID-MALFORMED-4XX'],
        warns: ['ID-CANCEL-SPELLING'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'orderid-percent-ff-500': {
    masking: { bends: ['absent-answer'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders/4404%FF', del);
      const b = await call(s, '/store/orders/1.5', del);
      return [a.status, b.status];
    },
    faithful: [400, 400],
    faulty: [500, 400],
    // Only the stray-byte spellings (%FF, %C0%B0) crash: the spelling run sends them against a fixture.
    caught: [{ fails: ['ID-MALFORMED-4XX'], args: NO_PROBE, exit: 1 }],
  },
  'orderid-percent-ff-crash': {
    masking: {
      bends: ['absent-answer'],
      // A crash ends the server: nothing sent after the spelling run's %FF is answered, whatever it would show.
      hides: Object.fromEntries(
        FAULTS.filter((f) => f.id !== 'orderid-percent-ff-crash').map((f) => [
          f.id,
          "the first ends the server on the spelling run's %FF: nothing sent after it is answered",
        ]),
      ),
    },
    probe: async (s) => {
      // What each call met: its status, or the code of the transport's failure.
      const met = (path: string) =>
        call(s, path, del).then(
          (a) => a.status,
          (e: { code?: string }) => e.code,
        );
      return [
        await met('/store/orders/1.5'),
        await met('/store/orders/4404%FF'),
        await met('/store/orders/1.5'),
      ];
    },
    faithful: [400, 400, 400],
    faulty: [400, 'UND_ERR_SOCKET', 'ECONNREFUSED'],
    // The spelling run's %FF against a fixture kills the server: that request is ID-MALFORMED-4XX's finding,
    // with its curl line; what could not run after it is left out because of it, and the run says incomplete.
    caught: [
      {
        fails: ['ID-MALFORMED-4XX'],
        says: {
          'ID-MALFORMED-4XX':
            /^no answer: the connection closed and the server stopped accepting connections \(the next \d+ connections? (was|were) refused\) after a cancel of the malformed orderId \S*%(FF|C0%B0)/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'unanswered-dotted-path': {
    masking: {
      bends: ['absent-answer'],
      hides: {
        'orderid-lenient-parse': SPELLINGS_UNSENT,
        'orderid-unicode-digits': SPELLINGS_UNSENT,
        'orderid-trims-whitespace': SPELLINGS_UNSENT,
        'orderid-trailing-newline': SPELLINGS_UNSENT,
        'orderid-format-suffix': SPELLINGS_UNSENT,
        'orderid-arabic-indic-digits': SPELLINGS_UNSENT,
        'orderid-wraps-uint64': SPELLINGS_UNSENT,
        'orderid-hex-prefix': SPELLINGS_UNSENT,
        'orderid-nfkc-digits': SPELLINGS_UNSENT,
        'orderid-float-accepted': SPELLINGS_UNSENT,
        // head-length.ts: an unsafe request with no answer is in flight for the rest of the run.
        'http-head-length-zero':
          'the dropped cancel got no answer, so it may change the list at any moment after it: no HEAD after it is judged',
      },
    },
    probe: async (s) => {
      const met = (path: string) =>
        call(s, path, del).then(
          (a) => a.status,
          (e: { code?: string }) => e.code,
        );
      return [await met('/store/orders/1.5'), await met('/store/orders/1.5'), await met('/store/orders/1x5')];
    },
    faithful: [400, 400, 400],
    faulty: ['UND_ERR_SOCKET', 'UND_ERR_SOCKET', 400],
    // The malformed run's dotted id (1002.0) is dropped, and again when sent once more on a connection of its
    // own, while the rest is answered: ID-MALFORMED-4XX's finding; what shared that run is left out by it.
    caught: [
      {
        fails: ['ID-MALFORMED-4XX'],
        says: {
          'ID-MALFORMED-4XX':
            /^no answer: the target closed the connection without a response to DELETE \S+\.\S* \(#\d+, UND_ERR_SOCKET\), and again when it was sent once more/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
} satisfies Pick<FaultProofs<'order-id'>, ServerErrorFault>;

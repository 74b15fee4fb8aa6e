// The proofs of the faults in how HTTP carries the answers (RFC 9110 fields), on a fake clock.
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { DEMO_KEY } from '../../reference/server.ts';
import { call, contentThenNext, rawExchange } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

export const HTTP_FAULTS = {
  'json-bom': {
    // No body is JSON text: the Error bodies' members and the JSON label checks have no JSON body to read.
    masking: { removes: ['error-json', 'json-label'] },
    // The bytes of the list body as sent (a client's UTF-8 decoder drops the mark).
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        `GET ${new URL(s.baseUrl).pathname}/store/orders HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEMO_KEY}\r\nConnection: close\r\n\r\n`,
      );
      return raw.split('\r\n\r\n')[1]?.slice(0, 4);
    },
    faithful: '[{"i',
    faulty: '\u00ef\u00bb\u00bf[',
    // The bodies fail as not JSON text; read past the mark, the lists still model the store, so the STATE-
    // and LIST- checks of what they show are judged, saying which reading they used.
    caught: [
      {
        fails: ['LIST-BODY-ARRAY', 'ERR-BODY-SCHEMA', 'EVERY-LIST-ITEMS-ORDER', 'EVERY-JSON-LABEL-TRUE'],
        says: {
          'LIST-BODY-ARRAY': /begins with a UTF-8 byte order mark/,
          'STATE-LIST-EXPLAINED': /lists, each compared with the one before it: nothing unexplained/,
          'LIST-ITEMS-ORDER': /^(?!.*not a JSON array)/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'http-head-404': {
    masking: { removes: ['head-list'] },
    probe: async (s) => [
      (await call(s, '/store/orders')).status,
      (await call(s, '/store/orders', { method: 'HEAD' })).status,
    ],
    faithful: [200, 200],
    faulty: [200, 404],
    // Every run's request surface sends HEAD of the list after the plain list; the whole-run check compares.
    caught: [{ warns: ['HTTP-HEAD-AS-GET'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['HTTP-HEAD-AS-GET'],
  },
  'http-no-date': {
    // Date is owed only by a server that shows a clock: without a Unix-time Reset, nothing shows one.
    masking: { removes: ['date', 'server-date'], reads: ['unix-reset'] },
    probe: async (s) => (await call(s, '/store/orders')).headers.date === undefined,
    faithful: false,
    faulty: true,
    caught: [{ fails: ['HTTP-REQUIRED-FIELDS'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-REQUIRED-FIELDS'],
  },
  'http-date-iso': {
    // An ISO timestamp is no HTTP-date: no answer's Date tells the run the server's clock.
    masking: { bends: ['date'], removes: ['server-date'] },
    probe: async (s) => /^\d{4}-\d\d-\d\dT/.test((await call(s, '/store/orders')).headers.date ?? ''),
    faithful: false,
    faulty: true,
    caught: [{ fails: ['HTTP-FIELD-SYNTAX'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-FIELD-SYNTAX'],
  },
  'http-date-frozen': {
    masking: { bends: ['date'] },
    probe: async (s, clock) => {
      const first = (await call(s, '/store/orders')).headers.date;
      clock.advance(7000);
      return first === (await call(s, '/store/orders')).headers.date;
    },
    faithful: false,
    faulty: true,
    // A key window of 8 s, which the state-over-time look waits out after the first cancel: the run spans
    // more than the 5 s of slack Date is given, so a Date that never moves falls behind by more.
    caught: [
      {
        warns: ['HTTP-DATE-ADVANCES'],
        args: NO_PROBE,
        reference: { rateLimit: { limit: 10_000, windowSeconds: 8 } },
        exit: 0,
      },
    ],
    onlyBy: ['HTTP-DATE-ADVANCES'],
  },
  'http-date-local-time': {
    // Its Date is told off only against a Reset on the same clock (a Unix time); read as off, it is set aside
    // for the run's own clock, so no answer's Date tells the run the server's clock.
    masking: { bends: ['date'], removes: ['server-date'], reads: ['unix-reset'] },
    probe: async (s) => {
      const { headers } = await call(s, '/store/orders');
      // Whole hours of Date past the moment Reset is counted from (+ 0: no -0 from a Date a minute short).
      return (
        Math.round((Date.parse(headers.date!) - Number(headers['x-ratelimit-reset']) * 1000) / 3_600_000) + 0
      );
    },
    faithful: 0,
    faulty: 1,
    // Only the Date is off: the rate-limit checks read Reset on the run's clock and stay silent.
    caught: [{ warns: ['HTTP-DATE-UTC'], args: NO_PROBE, exit: 0 }],
    onlyBy: ['HTTP-DATE-UTC'],
  },
  'http-content-type-comma': {
    masking: { removes: ['json-label'] },
    probe: async (s) => (await call(s, '/store/orders')).headers['content-type'],
    faithful: 'application/json',
    faulty: 'application/json, charset=utf-8',
    // The label is no media type, so no JSON media type either: the SHOULDs on labelling see it too.
    caught: [
      {
        fails: ['HTTP-FIELD-SYNTAX'],
        warns: ['LIST-CONTENT-TYPE-JSON', 'EVERY-JSON-CONTENT-TYPE'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'http-304-stale-etag': {
    masking: { bends: ['list-etag'], reads: ['list-array', 'list-200'] },
    // The first list's ETag, asked again after a cancel changed the list: the cache still answers 304.
    probe: async (s) => {
      const first = (await call(s, '/store/orders')).headers.etag;
      await call(s, `/store/orders/${s.fixtures.pending[0]}`, { method: 'DELETE' });
      await call(s, '/store/orders');
      return first
        ? (await call(s, '/store/orders', { headers: { 'if-none-match': first } })).status
        : 'no ETag';
    },
    faithful: 'no ETag',
    faulty: 304,
    caught: [{ fails: ['HTTP-CONDITIONAL-304'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-CONDITIONAL-304'],
  },
  'http-last-modified-frozen': {
    masking: { reads: ['list-array'] },
    // On a store whose list drops a cancelled order (the list's bytes change): the date before and after.
    options: { variants: ['cancelled-removed'] },
    probe: async (s, clock) => {
      const first = await call(s, '/store/orders');
      clock.advance(2000);
      await call(s, `/store/orders/${s.fixtures.pending[0]}`, { method: 'DELETE' });
      const since = first.headers['last-modified'];
      if (since === undefined) return 'no Last-Modified';
      return (await call(s, '/store/orders', { headers: { 'If-Modified-Since': since } })).status;
    },
    faithful: 'no Last-Modified',
    faulty: 304,
    // The run's own cancel, dated a second or more after that Last-Modified, changed the list before its 304.
    caught: [
      {
        fails: ['HTTP-CONDITIONAL-304'],
        args: NO_PROBE,
        reference: { variants: ['cancelled-removed'] },
        exit: 1,
      },
    ],
    onlyBy: ['HTTP-CONDITIONAL-304'],
  },
  'http-etag-constant': {
    masking: { bends: ['list-etag'], reads: ['list-array'] },
    // On a store whose list drops a cancelled order (the list's bytes change), the tag before and after.
    options: { variants: ['cancelled-removed'] },
    probe: async (s) => {
      const first = await call(s, '/store/orders');
      await call(s, `/store/orders/${s.fixtures.pending[0]}`, { method: 'DELETE' });
      const later = await call(s, '/store/orders');
      return first.headers.etag
        ? { sameTag: first.headers.etag === later.headers.etag, sameBody: first.text === later.text }
        : 'no ETag';
    },
    faithful: 'no ETag',
    faulty: { sameTag: true, sameBody: false },
    // The transcript shows the tag on two bodies; the replayed tag from before the cancels gets its 304.
    caught: [
      {
        fails: ['HTTP-ETAG-STRONG', 'HTTP-CONDITIONAL-304'],
        args: NO_PROBE,
        reference: { variants: ['cancelled-removed'] },
        exit: 1,
      },
      // Issue 37: a tag derived from what a cancel does not change (the order count on a store that keeps the
      // order, its status shown): the 304 after the cancel's 2xx is caught by the conditional check too.
      {
        fails: ['HTTP-ETAG-STRONG', 'HTTP-CONDITIONAL-304'],
        says: { 'HTTP-CONDITIONAL-304': /strong ETag the list had carried on other bytes/ },
        args: NO_PROBE,
        reference: { variants: ['order-extra-fields'] },
        exit: 1,
      },
    ],
    onlyBy: ['HTTP-ETAG-STRONG', 'HTTP-CONDITIONAL-304'],
  },
  'http-options-405-no-allow': {
    masking: { reads: ['405'] },
    probe: async (s) => (await call(s, '/store/orders', { method: 'OPTIONS' })).headers.allow ?? 'none',
    faithful: 'GET, HEAD',
    faulty: 'none',
    // Only the request surface sends OPTIONS; the whole-run check on every 405 then finds no Allow.
    caught: [{ fails: ['HTTP-REQUIRED-FIELDS'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-REQUIRED-FIELDS'],
  },
  'http-beyond-int64-500': {
    // It answers every cancel past int64 itself, so a lenient reader's reading of one never shows beside it.
    masking: {
      bends: ['strict-reader'],
      hides: {
        'orderid-wraps-uint64':
          "every id the wrap misreads (2^64 and past) is beyond int64, which the first's unchecked conversion throws on: one reader, and its 500 is all a cancel of one gets",
      },
    },
    probe: async (s) => (await call(s, '/store/orders/18446744073709551616', { method: 'DELETE' })).status,
    faithful: 400,
    faulty: 500,
    // The request surface sends a positive id beyond int64 in every run; the spelling catalogue one of its
    // kinds; the HTML page is no Error body.
    caught: [
      { fails: ['HTTP-SURFACE-PROPERTY', 'ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA'], args: NO_PROBE, exit: 1 },
    ],
  },
  'http-huge-id-500': {
    probe: async (s) => (await call(s, `/store/orders/${'9'.repeat(4301)}`, { method: 'DELETE' })).status,
    faithful: 400,
    faulty: 500,
    // Only the length case sends an id of thousands of digits (its request line passes gunicorn's 4,094 bytes,
    // so a default run keeps to shorter ones): with --exhaustive, every malformed id is then judged.
    caught: [
      {
        fails: ['ID-MALFORMED-4XX'],
        args: ['--exhaustive', '--only', 'ID-MALFORMED', '--max-requests', '900'],
        exit: 1,
      },
    ],
  },
  'http-write-405-html': {
    masking: { reads: ['405'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders', { method: 'POST' });
      return [a.status, a.headers['content-type'], a.headers['x-ratelimit-limit'] !== undefined];
    },
    faithful: [405, 'application/json', true],
    faulty: [405, 'text/html', false],
    // The request surface sends a POST of the list in every run; the framework's page is no Error body and
    // carries no rate-limit fields.
    caught: [{ fails: ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
  },
  'http-head-body-close': {
    // What follows the head of a HEAD of the list, on a connection the request asks to close.
    probe: async (s) => {
      const path = `${new URL(s.baseUrl).pathname}/store/orders`;
      const head = `HEAD ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.demoKey}\r\nConnection: close\r\n\r\n`;
      const answer = await rawExchange(s, head);
      return answer.length - answer.indexOf('\r\n\r\n') - 4 > 0;
    },
    faithful: false,
    faulty: true,
    // The request surface reads its HEAD of the list off the socket in every run; the transcript keeps the
    // content's size, which the whole-run framing check reads (in a recording too).
    caught: [{ fails: ['HTTP-SURFACE-PROPERTY', 'HTTP-FRAMING'], args: NO_PROBE, exit: 1 }],
  },
  'http-head-length-zero': {
    // Its Content-Length is compared with the GETs of the same URL around it: a HEAD answered 404 has none.
    masking: { reads: ['head-list'] },
    // The HEAD's Content-Length, and whether it equals the GET's.
    probe: async (s) => {
      const get = (await call(s, '/store/orders')).headers['content-length'];
      const head = (await call(s, '/store/orders', { method: 'HEAD' })).headers['content-length'];
      return [head === '0', head === get];
    },
    faithful: [false, true],
    faulty: [true, false],
    // The request surface sends HEAD of the list right after a plain GET of it in every run; the whole-run
    // check compares the two lengths.
    caught: [{ fails: ['HTTP-HEAD-CONTENT-LENGTH'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['HTTP-HEAD-CONTENT-LENGTH'],
  },
  'request-body-unread': {
    // A GET of the list with two bytes of content, then a plain one on the same connection.
    probe: (s) => contentThenNext(s),
    faithful: [200, 200],
    faulty: [200, 400],
    // Only HTTP-REQUEST-BODY-FRAMING puts content on a request, and a request after it on its connection.
    caught: [
      {
        fails: ['HTTP-REQUEST-BODY-FRAMING'],
        says: {
          'HTTP-REQUEST-BODY-FRAMING':
            /was answered 400, where the same request on another connection was answered 200/,
        },
        args: NO_PROBE,
        notFromTraffic:
          'the check puts its two requests on a connection of its own and judges them live: a recording notes neither the content a request carried nor the connections outside the run’s own',
        exit: 1,
      },
    ],
    onlyBy: ['HTTP-REQUEST-BODY-FRAMING'],
  },
} satisfies FaultProofs<'http'>;

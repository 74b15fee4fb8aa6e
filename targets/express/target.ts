// The Express zoo target: Express 5 with express-rate-limit 8, written from the spec alone (server.ts),
// and the ways an Express implementer really ships it wrong. Imports nothing outside targets/.
import { fileURLToPath } from 'node:url';
import { compiledOnce } from '../node-once.ts';
import { defineTarget, IPV6_DEEP_PATH } from '../zoo-target.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const server = compiledOnce('express', SERVER);

export const target = defineTarget({
  id: 'express',
  stack: 'Express 5.3 + express-rate-limit 8.7 (Node, TypeScript compiled by esbuild)',
  launch: async () => ({ file: process.execPath, args: [await server()] }),
  flavours: [IPV6_DEEP_PATH],
  misconfigs: {
    'draft-8-headers': {
      description:
        "express-rate-limit as its README's usage example sets it up: standardHeaders: 'draft-8', " +
        'legacyHeaders: false, so responses carry the IETF draft RateLimit/RateLimit-Policy fields and no ' +
        'X-RateLimit-* header.',
      fails: ['RL-HEADERS-PRESENT'],
    },
    'default-message': {
      description:
        "express-rate-limit's message left at the package default: the 429 body is the text " +
        '"Too many requests, please try again later." (text/html), not an Error object.',
      fails: ['RL-PROBE-429-BODY', 'ERR-BODY-SCHEMA'],
    },
    'limiter-after-auth': {
      description:
        'The limiter mounted after the authentication middleware (app.use(auth) first): a 401 answers ' +
        'before the limiter runs, so it carries no X-RateLimit-* headers and unauthenticated requests are ' +
        'never counted.',
      fails: ['RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
    'number-ids': {
      description:
        'Order ids held as JavaScript numbers: the seed ids and the path parameter go through Number(), ' +
        'and the list through res.json(), so ids above 2^53 are rounded (…993 lists as …992, 2^63-1 as 2^63) ' +
        'and Number() reads 0x2 or 2e0 as order 2.',
      fails: ['LIST-ITEMS-ORDER', 'LIST-IDS-UNIQUE', 'LIST-IDS-INT64', 'ID-LIST-LOSSLESS'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe'],
    },
    'bigint-default-errors': {
      description:
        'The path parameter handed straight to BigInt() and no error middleware: a malformed id throws, and ' +
        "Express's default error handler answers 500 with an HTML page; BigInt() also reads 0x7 and ' 7' " +
        'as order 7.',
      fails: ['ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe'],
    },
  },
});

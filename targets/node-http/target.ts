// The node:http zoo target: Node's own http/https modules, a hand-written router and token-bucket limiter,
// in TypeScript (compiled once per process: ../node-once.ts). Describes how to start it, its flavours and its
// misconfigurations; starts nothing itself.
import { fileURLToPath } from 'node:url';
import { compiledOnce } from '../node-once.ts';
import { defineTarget, ipv6Loopback } from '../zoo-target.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const CERT = here('./tls/cert.pem');
const server = compiledOnce('node-http', here('./server.ts'));

export const target = defineTarget({
  id: 'node-http',
  stack: `Node ${process.versions.node} node:http / node:https (no framework, no rate-limit package), TypeScript compiled by esbuild`,
  // A token bucket refills one token every window / 60: at the compressed 6 s that is every 100 ms, faster than a
  // walk slowed by a loaded machine spends them, so the walk may meet no 429 and judge nothing. An 8 s window
  // (one token per ~130 ms) leaves a loaded CI machine room, and keeps X-RateLimit-Reset (rounded up to a whole
  // second) within the 10 s a default run waits out for the request surface; the proof of silence is the same.
  windowSeconds: 8,
  launch: async () => ({ file: process.execPath, args: [await server()] }),
  flavours: [
    { name: 'ipv6', env: { ZOO_HOST: '::1' }, unavailable: ipv6Loopback },
    {
      name: 'https-deep-path',
      env: { ZOO_BASE_PATH: '/api/store/v1', ZOO_TLS_CERT: CERT, ZOO_TLS_KEY: here('./tls/key.pem') },
      commandEnv: { NODE_EXTRA_CA_CERTS: CERT },
    },
  ],
  misconfigs: {
    'number-ids': {
      description:
        'Ids read with Number() (seed and path) and written by plain JSON.stringify: 2^53 + 1 becomes 2^53, ' +
        'two seed orders collapse into one Map entry, 2^63 - 1 is listed as 9223372036854776000, and ' +
        'Number.isInteger() lets 2.0, 0x2 and 2e0 name order 2.',
      fails: ['ID-LIST-LOSSLESS', 'LIST-IDS-INT64', 'ID-CANCEL-ISOLATION'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe'],
    },
    'bigint-loose': {
      description:
        'Precision fixed with BigInt(), but BigInt() is left to validate the path: it takes 0x7, +7, " 7" ' +
        'and "" (0n), so a spelling of a pending order cancels it. The plus sign is only recorded ' +
        '(ID-CANCEL-PLUS-SIGN-INFO); 0x7 warns, tried against a fixture once the list is trusted to prove its ' +
        'other readings (0, read up to the x) absent.',
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--trust-order-list'],
    },
    'reset-ms': {
      description:
        'X-RateLimit-Reset written as Date.now() + ms until the bucket is full: a Unix time in milliseconds.',
      fails: ['RL-HEADERS-RESET-UNIX-SECONDS', 'RL-PROBE-RESET-WINDOW'],
    },
    'limit-after-auth': {
      description:
        'The limiter called after the bearer check, as if it guarded only real work: 401s carry no ' +
        'X-RateLimit headers and requests without a valid key are never counted.',
      fails: ['RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
    'send-helper-204': {
      description:
        'The one sendJson() helper also answers the cancel, with the cancelled order as body: Node drops ' +
        'the body of a 204 silently but sends the Content-Type and Content-Length the helper set.',
      fails: ['CANCEL-204-NO-CONTENT', 'HTTP-FRAMING'],
      args: ['--skip-rate-limit-probe'],
    },
  },
});

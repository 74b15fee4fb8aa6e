// The proofs of the variants in how HTTP carries the answers.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { del } from '../support/probes.ts';
import { call, rawExchange } from '../support/reference-calls.ts';
import { PLAIN, PROBE, type VariantProofs } from './proof.ts';

export const HTTP_VARIANTS = {
  'connection-close': {
    probe: async (s) => (await call(s, '/store/orders')).headers.connection,
    standard: 'keep-alive',
    variant: 'close',
    runs: [{ ...PLAIN }],
  },
  'chunked-list': {
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [a.headers['transfer-encoding'], a.headers['content-length'] !== undefined];
    },
    standard: [undefined, true],
    variant: ['chunked', false],
    runs: [{ ...PLAIN }],
  },
  'header-case': {
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        'GET /v1/store/orders HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      return raw.match(/^(x-ratelimit-\w+|www-authenticate|content-type):/gim);
    },
    standard: [
      'X-RateLimit-Limit:',
      'X-RateLimit-Remaining:',
      'X-RateLimit-Reset:',
      'WWW-Authenticate:',
      'Content-Type:',
    ],
    variant: [
      'x-ratelimit-limit:',
      'X-RATELIMIT-REMAINING:',
      'x-ratelimit-reset:',
      'www-authenticate:',
      'content-type:',
    ],
    runs: [{ ...PROBE(5, 2) }],
  },
  'json-charset': {
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['content-type'],
      (await call(s, '/store/orders/5', del)).headers['content-type'],
    ],
    standard: ['application/json', 'application/json'],
    variant: ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
    runs: [{ ...PLAIN, records: { 'CANCEL-REPEAT-INFO': /application\/json; charset=utf-8/ } }],
  },
} satisfies VariantProofs<'http'>;

// The Fastify zoo target: Fastify 5 with @fastify/rate-limit 11, written from the spec alone (server.ts),
// and the ways a Fastify implementer really ships it wrong. Imports nothing outside targets/.
import { fileURLToPath } from 'node:url';
import { compiledOnce } from '../node-once.ts';
import { defineTarget, IPV6_DEEP_PATH } from '../zoo-target.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const server = compiledOnce('fastify', SERVER);

export const target = defineTarget({
  id: 'fastify',
  stack: 'Fastify 5.12 + @fastify/rate-limit 11.2 (Node, TypeScript compiled by esbuild)',
  launch: async () => ({ file: process.execPath, args: [await server()] }),
  flavours: [IPV6_DEEP_PATH],
  misconfigs: {
    'reset-delta': {
      description:
        "@fastify/rate-limit's x-ratelimit-reset left at the package's meaning: the seconds until the " +
        'window ends (ttlInSeconds), not a Unix timestamp.',
      fails: ['RL-HEADERS-RESET-UNIX-SECONDS', 'RL-PROBE-RESET-WINDOW'],
    },
    'draft-spec-headers': {
      description:
        "enableDraftSpec: true, the plugin's switch to the IETF draft: ratelimit-limit/-remaining/-reset " +
        'and no X-RateLimit-* header.',
      fails: ['RL-HEADERS-PRESENT'],
    },
    'auth-hook-first': {
      description:
        'The plugin at its default (global: true, an onRequest hook on each route) and authentication as ' +
        'the usual root onRequest hook: Fastify runs the root hook first, so 401s (and the not-found ' +
        'handler) carry no X-RateLimit-* and unauthenticated requests are never counted.',
      fails: ['RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
    'integer-id-schema': {
      description:
        "The orderId params schema says type: 'integer': Ajv coerces the path segment to a JS number, so " +
        'ids above 2^53 are rounded (cancelling …993 cancels …992) and 0x2 or 2e0 read as order 2.',
      fails: ['ID-CANCEL-ISOLATION'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe'],
    },
    'default-framework-errors': {
      description:
        'No frameworkErrors option: Fastify answers a percent-escape that does not decode (400) and an id ' +
        'over maxParamLength (414) before any hook, with its own body (no status field) and no X-RateLimit-*.',
      fails: ['ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA', 'RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
    'default-error-handler': {
      description:
        "No setErrorHandler and the plugin's errorResponseBuilder left at its default: the 429 and the " +
        "schema's 400 get Fastify's {statusCode, error, message} body, not an Error object.",
      fails: ['RL-PROBE-429-BODY', 'ERR-BODY-SCHEMA', 'ID-MALFORMED-4XX'],
    },
  },
});

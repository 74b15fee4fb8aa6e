// The Koa zoo target as data: how to start it and its real misconfigurations with the checks that catch
// them (targets/README.md, section Koa). Test support only.
import { fileURLToPath } from 'node:url';
import { compiledOnce } from '../node-once.ts';
import { defineTarget } from '../zoo-target.ts';

const server = compiledOnce('koa', fileURLToPath(new URL('./server.ts', import.meta.url)));

/** Not about limits: leave out the probe to keep the run short. */
const NO_PROBE = ['--skip-rate-limit-probe'];
/** Its list holds every order, so absent and malformed ids may be sent (some are skipped otherwise). */
const ABSENT_IDS = ['--trust-order-list'];

export const target = defineTarget({
  id: 'koa',
  stack: 'Koa 3.3 + @koa/router 15.7 + koa-ratelimit 6.0 (memory driver) (TypeScript compiled by esbuild)',
  launch: async () => ({ file: process.execPath, args: [await server()] }),
  misconfigs: {
    'retry-after-truncated': {
      description:
        "koa-ratelimit's own Retry-After left in place: (reset - now) | 0, truncated, so a client that waits " +
        'it comes back before the window ends and is refused again',
      fails: ['RL-PROBE-RECOVERY'],
    },
    'memory-without-db': {
      description:
        "driver 'memory' without db (what a JavaScript user writes; the types require it): the middleware " +
        'builds a new Map for every request, so Remaining never falls and nothing is limited',
      fails: ['RL-PROBE-REMAINING-COUNTS'],
    },
    'default-onerror': {
      description:
        "no error middleware: ctx.throw(401/404/409/400) left to Koa's ctx.onerror, which answers text/plain " +
        'and first removes every header already set, the X-RateLimit-* ones included',
      fails: ['AUTH-401-ERROR-BODY', 'CANCEL-SHIPPED-409-BODY', 'ERR-BODY-SCHEMA', 'RL-HEADERS-PRESENT'],
      args: [...NO_PROBE, ...ABSENT_IDS],
    },
    'parseint-ids': {
      description:
        'router.param reads orderId with Number.parseInt and the store is keyed by JS numbers: ids above 2^53 ' +
        'collide and round, and 2e0, 2.0 or 0x7 name an order',
      fails: ['LIST-IDS-INT64', 'ID-LIST-LOSSLESS', 'ID-CANCEL-ISOLATION'],
      warns: ['ID-CANCEL-SPELLING'],
      args: [...NO_PROBE, ...ABSENT_IDS],
    },
  },
});

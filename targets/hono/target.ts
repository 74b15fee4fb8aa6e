// The Hono zoo target as data: how to start it and its real misconfigurations with the checks that catch
// them (targets/README.md, section Hono). Test support only.
import { fileURLToPath } from 'node:url';
import { compiledOnce } from '../node-once.ts';
import { defineTarget } from '../zoo-target.ts';

const server = compiledOnce('hono', fileURLToPath(new URL('./server.ts', import.meta.url)));

/** Not about limits: leave out the probe to keep the run short. */
const NO_PROBE = ['--skip-rate-limit-probe'];
/** Its list holds every order, so absent and malformed ids may be sent (they are skipped otherwise). */
const ABSENT_IDS = ['--trust-order-list'];

export const target = defineTarget({
  id: 'hono',
  stack: 'Hono 4.13 on @hono/node-server 2.1 + hono-rate-limiter 0.5 (TypeScript compiled by esbuild)',
  launch: async () => ({ file: process.execPath, args: [await server()] }),
  misconfigs: {
    'limiter-default-headers': {
      description:
        "hono-rate-limiter left at its default headers (standardHeaders 'draft-6': RateLimit-Limit, " +
        '-Remaining, -Reset, -Policy); it has no X-RateLimit-* option and nothing adds them',
      fails: ['RL-HEADERS-PRESENT'],
    },
    'reset-delta': {
      description:
        "the package's draft-6 RateLimit-* values copied under the X-RateLimit-* names: its Reset is " +
        'seconds until the window ends (getResetSeconds), not the Unix time spec §8 rule 2 asks for',
      fails: ['RL-HEADERS-RESET-UNIX-SECONDS', 'RL-PROBE-RESET-WINDOW'],
    },
    'limiter-after-auth': {
      description:
        'app.use(bearerAuth(...)) registered before rateLimiter(...): 401s leave before the limiter, ' +
        'without X-RateLimit-* (and unauthenticated requests are never counted)',
      fails: ['RL-HEADERS-PRESENT'],
    },
    'bearer-auth-defaults': {
      description:
        "hono/bearer-auth with only { token }: its own answers, text/plain 'Unauthorized' 401s and " +
        "400 'Bad Request' for any Authorization that is not 'Bearer <token68>' (empty Bearer, Basic, extra text)",
      fails: [
        'AUTH-EMPTY-BEARER-401',
        'AUTH-OTHER-SCHEME-401',
        'AUTH-KEY-EXTRA-TEXT-401',
        'AUTH-401-ERROR-BODY',
        'ERR-BODY-SCHEMA',
      ],
      args: NO_PROBE,
    },
    'default-not-found': {
      description:
        "no app.notFound: an id the route pattern {[0-9]+} refuses (-1, 0abc, 1.5) gets Hono's default " +
        "text/plain '404 Not Found'",
      fails: ['ID-ABSENT-404', 'ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA'],
      args: [...NO_PROBE, ...ABSENT_IDS],
    },
  },
});

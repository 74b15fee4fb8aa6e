// The starlette-hypercorn zoo target: a Starlette app served by Hypercorn (ASGI, h11), Debian's packages under
// /usr/bin/python3, with its limiter and key check as two middlewares of its own. Found by the blind red team
// of issue 37, which wrote it as conformant. Describes how to start it and its misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'starlette-hypercorn',
  stack: 'Starlette 0.26 on Hypercorn 0.13 (asyncio worker, h11), Debian Python 3.11',
  requires: [
    {
      command: DEBIAN_PYTHON,
      versionArgs: ['-c', 'import starlette, hypercorn.asyncio'],
      what: 'Starlette or Hypercorn (for /usr/bin/python3)',
      hint: 'install them (apt-get install python3-starlette python3-hypercorn)',
    },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}server.py`], cwd: HERE }),
  misconfigs: {
    'default-exception-handlers': {
      description:
        "No exception_handlers: Starlette's own answers for a path no route matches and a method a route " +
        'lacks, PlainTextResponse("Not Found") and ("Method Not Allowed") in text/plain, no Error object.',
      fails: ['ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
    'auth-outside-limiter': {
      description:
        'middleware=[Middleware(BearerAuthMiddleware), Middleware(RateLimitMiddleware)]: the first listed is ' +
        'the outermost, so a 401 is answered before the limiter counts it, without X-RateLimit-*.',
      fails: ['RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
    'int-convertor': {
      description:
        'The id read by Starlette\'s convertor, Route("/store/orders/{order_id:int}"): the route regex ends in ' +
        '"$", which also matches before a final newline, and int() strips it, so DELETE /store/orders/2%0A ' +
        'cancels order 2.',
      warns: ['ID-CANCEL-SPELLING'],
      // Every spelling: the default sample rotates by seed and may leave the trailing newline out.
      args: ['--skip-rate-limit-probe', '--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
    'mount-base-path': {
      description:
        'The routes under Mount("/v1", routes=[...]), as Starlette\'s docs group them (and the red team\'s server ' +
        'had it): Mount matches "^/v1/(?P<path>.*)$", where "." stops at a newline and "$" matches before a ' +
        'final one, so the path it hands on loses a trailing %0A and DELETE /store/orders/2%0A cancels order 2.',
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
  },
});

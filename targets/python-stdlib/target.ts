// The python-stdlib zoo target: the Order Store on Python 3's http.server (ThreadingHTTPServer) and json,
// standard library only, with a hand-written fixed-window limiter. Describes how to start it; judges nothing.
import { fileURLToPath } from 'node:url';
import { defineTarget } from '../zoo-target.ts';

const SERVER = fileURLToPath(new URL('./server.py', import.meta.url));

export const target = defineTarget({
  id: 'python-stdlib',
  stack: 'Python 3 standard library: http.server ThreadingHTTPServer + json',
  requires: [
    { command: 'python3', versionArgs: ['--version'], hint: 'install python3 (apt-get install python3)' },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({ file: 'python3', args: ['-B', '-u', SERVER] }),
  misconfigs: {
    'send-error-html': {
      description:
        "An unknown order, an unparsable id and an unknown path are answered with BaseHTTPRequestHandler's own " +
        'self.send_error(404/400): the stack\'s HTML "Error response" page (text/html), not an Error object.',
      fails: ['CANCEL-UNKNOWN-404-BODY', 'ID-ABSENT-404', 'ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
    'limit-after-auth': {
      description:
        'The limiter is called only once the key checks out, so a 401 carries no X-RateLimit-* headers ' +
        'and requests without a valid key are never counted.',
      fails: ['RL-HEADERS-PRESENT'],
    },
    'retry-after-float': {
      description:
        'Retry-After written as str(reset - time.time()): the float seconds left ("2.5772836208"), ' +
        'which is neither delay-seconds nor an HTTP-date.',
      fails: ['RL-HEADERS-RETRY-AFTER-VALID'],
    },
  },
});

// The tornado zoo target: a tornado.web.Application (Tornado 6, Debian's python3-tornado) with a small limiter
// of its own, served by Tornado's HTTPServer on the asyncio loop. Describes how to start it and its
// misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'tornado',
  stack: 'Tornado 6.2 (tornado.web, HTTPServer on asyncio), Debian Python 3.11',
  requires: [
    {
      command: DEBIAN_PYTHON,
      versionArgs: ['-c', 'import tornado.web'],
      what: 'Tornado (for /usr/bin/python3)',
      hint: 'install it (apt-get install python3-tornado)',
    },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}server.py`], cwd: HERE }),
  misconfigs: {
    'default-write-error': {
      description:
        "No write_error override: every HTTPError (401, 404, 409, 429, 400, 405) is RequestHandler's own " +
        'page, "<html><title>404: Not Found</title><body>404: Not Found</body></html>" in text/html, and ' +
        'the WWW-Authenticate and Retry-After set before the raise are gone (send_error() clears every header).',
      fails: [
        'AUTH-401-ERROR-BODY',
        'AUTH-WWW-AUTHENTICATE',
        'CANCEL-UNKNOWN-404-BODY',
        'CANCEL-SHIPPED-409-BODY',
        'ID-ABSENT-404',
        'ERR-BODY-SCHEMA',
      ],
      args: [
        '--skip-rate-limit-probe',
        '--only',
        'AUTH-401-ERROR-BODY,AUTH-WWW-AUTHENTICATE,CANCEL-UNKNOWN-404-BODY,CANCEL-SHIPPED-409-BODY,ID-ABSENT-404,ERR-BODY-SCHEMA',
      ],
    },
    'headers-in-prepare': {
      description:
        'X-RateLimit-* written with set_header() in prepare(), not in set_default_headers(): send_error() ' +
        'calls clear(), which drops them from every HTTPError answer (401, 404, 409, 429).',
      fails: ['RL-HEADERS-PRESENT', 'ID-ABSENT-404'],
      args: ['--skip-rate-limit-probe', '--only', 'RL-HEADERS-PRESENT,ID-ABSENT-404'],
    },
    'default-405': {
      description:
        "Methods a route lacks left to RequestHandler's defaults, which raise HTTPError(405): Tornado " +
        'writes no Allow field on the 405 (RFC 9110 §15.5.6: the origin server MUST generate one).',
      fails: ['HTTP-REQUIRED-FIELDS'],
      // The 405s come from the surface property's HEAD, OPTIONS and GET of an order.
      args: ['--skip-rate-limit-probe', '--only', 'HTTP-SURFACE-PROPERTY,HTTP-REQUIRED-FIELDS'],
    },
    'default-404-handler': {
      description:
        'No default_handler_class: a path no route matches goes to tornado.web.ErrorHandler, whose prepare() ' +
        'raises HTTPError(404) before any code of the app runs: an HTML page, no key asked, no X-RateLimit-*.',
      fails: ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
      // Unknown paths are sent by several areas (versioning, the surface, pets): the whole run but the probe.
      args: ['--skip-rate-limit-probe'],
    },
  },
});

// The flask-gunicorn zoo target: a Flask app with Flask-Limiter served by gunicorn (WSGI), all from Debian's
// packages under /usr/bin/python3. Describes how to start it (gunicorn -c gunicorn.conf.py) and its
// misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** Debian's Python: its dist-packages hold Flask, Flask-Limiter and gunicorn (a pyenv python3 has none). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

export const target = defineTarget({
  id: 'flask-gunicorn',
  stack: 'Flask 2.2 + Flask-Limiter 3.3 on gunicorn 20.1 (sync worker), Debian Python 3.11',
  requires: [
    {
      command: DEBIAN_PYTHON,
      versionArgs: ['-c', 'import flask, flask_limiter, gunicorn'],
      what: 'Flask, Flask-Limiter or gunicorn (for /usr/bin/python3)',
      hint: 'install them (apt-get install python3-flask python3-flask-limiter gunicorn)',
    },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({
    file: DEBIAN_PYTHON,
    args: ['-B', '-m', 'gunicorn', '-c', `${HERE}gunicorn.conf.py`],
    cwd: HERE,
  }),
  misconfigs: {
    'limiter-headers-off': {
      description:
        "Flask-Limiter's headers_enabled left at its default, False: no X-RateLimit-* header on any response.",
      fails: ['RL-HEADERS-PRESENT', 'ID-ABSENT-404'],
      args: ['--only', 'ID-ABSENT-404,RL-HEADERS-PRESENT'],
    },
    'default-limits': {
      description:
        'The limit given as default_limits, as the quick start does, with the default request identifier ' +
        '(the endpoint): each route counts apart, and a request no route matches (404, 405) is exempt, so ' +
        'it carries no X-RateLimit-*.',
      fails: ['RL-HEADERS-PRESENT'],
      misses: {
        'RL-BUCKET-ONE-COUNT':
          'Each route keeps its own count and its own window (list: Remaining 59, 58, 57 with one Reset; a ' +
          'cancel in between: Remaining 59 with a Reset two seconds later), so a key gets the limit once per ' +
          'route. The check follows Remaining only among answers that name one Reset moment, and routes ' +
          'whose windows opened in different seconds never do: it passes.',
      },
    },
    'int-converter': {
      description:
        "The id routed through Werkzeug's <int:order_id> converter, whose regex \\d+ matches any Unicode " +
        'decimal digit and int() reads it: DELETE /store/orders/%D9%A7 (Arabic-Indic 7) cancels order 7.',
      warns: ['ID-CANCEL-SPELLING'],
      // Without it the non-ASCII spelling is sent around an absent id only (it could name an id the list does
      // not prove absent), where nothing can be cancelled.
      args: ['--skip-rate-limit-probe', '--trust-order-list', '--only', 'ID-CANCEL-SPELLING'],
    },
  },
});

// The nginx-gunicorn zoo target: nginx (Debian's nginx package) as a reverse proxy in front of the
// flask-gunicorn app on a unix socket, as gunicorn's deployment guide sets it up; a flavour adds nginx's own
// limit_req. serve.py starts both; this file describes them and their misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON, target as flask } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'nginx-gunicorn',
  stack: 'nginx 1.22 (reverse proxy, HTTP/1.0 upstream) in front of Flask + Flask-Limiter on gunicorn 20.1',
  requires: [
    ...(flask.requires ?? []),
    { command: 'nginx', versionArgs: ['-v'], hint: 'install nginx (apt-get install nginx)' },
  ],
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}serve.py`], cwd: HERE }),
  flavours: [{ name: 'limit-req', env: { ZOO_NGINX_LIMIT_REQ: '1' } }],
  misconfigs: {
    'limit-req-defaults': {
      description:
        "nginx's limit_req with the plan's figure as its rate (rate=60r/m) and the burst of NGINX's rate-limiting " +
        'guide (burst=20 nodelay), limit_req_status left at its default 503: nginx refuses with 503 before the ' +
        "app's limit is reached, without X-RateLimit-*, and many other checks meet 503s too.",
      // Caught, but misread: RL-PROBE-LIMIT-ENFORCED says "no 429 after 63 requests … the limit is never
      // enforced" where nginx enforced it from about the 21st request, with 503 instead of 429.
      fails: ['RL-PROBE-LIMIT-ENFORCED', 'RL-HEADERS-PRESENT'],
    },
    'intercept-errors': {
      description:
        'proxy_intercept_errors on with error_page 404 /404.html, to keep upstream error pages from clients: ' +
        "nginx answers every 404 of the app with its own HTML page, and the app's headers are gone.",
      fails: ['CANCEL-UNKNOWN-404-BODY', 'ID-ABSENT-404', 'ERR-BODY-SCHEMA', 'RL-HEADERS-PRESENT'],
      args: [
        '--skip-rate-limit-probe',
        '--only',
        'CANCEL-UNKNOWN-404-BODY,ID-ABSENT-404,ERR-BODY-SCHEMA,RL-HEADERS-PRESENT',
      ],
    },
  },
});

// The lighttpd-go zoo target: lighttpd 1.4 (Debian's lighttpd package) as a reverse proxy in front of the
// go-nethttp app, lighttpd's defaults kept. serve.py starts both; this file describes them; judges nothing.
// Found by the blind red team: lighttpd answers some requests itself (an orderId with a NUL byte) with HTML.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { target as go, goServer } from '../go-nethttp/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'lighttpd-go',
  stack: 'lighttpd 1.4 (mod_proxy) in front of Go 1.19 net/http with golang.org/x/time/rate (Debian)',
  requires: [
    ...(go.requires ?? []),
    { command: 'python3', versionArgs: ['--version'], hint: 'install python3 (apt-get install python3)' },
    { command: 'lighttpd', versionArgs: ['-v'], hint: 'install lighttpd (apt-get install lighttpd)' },
  ],
  // lighttpd's parse option that refuses an encoded slash itself (400, HTML), as Tomcat and Apache do by default.
  flavours: [{ name: '2f-reject', env: { ZOO_LIGHTTPD_2F_REJECT: '1' } }],
  // A token bucket refills one token every window / 60: at the compressed 6 s that is every 100 ms, faster than a
  // walk slowed by a loaded machine spends them, so the walk may meet no 429 and judge nothing. An 8 s window
  // (one token per ~130 ms) leaves a loaded CI machine room, and keeps X-RateLimit-Reset (rounded up to a whole
  // second) within the 10 s a default run waits out for the request surface; the proof of silence is the same.
  windowSeconds: 8,
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}serve.py`, await goServer()], cwd: HERE }),
  misconfigs: {
    'store-only': {
      description:
        'Only the store is proxied, $HTTP["url"] =~ "^/v1/store/" { proxy.server = ... }, as a config written ' +
        "for the order routes alone: the pets read gets lighttpd's own HTML 404, before any key check, with no " +
        "X-RateLimit-* (the red team's lighttpd-cgi server did this).",
      fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401', 'RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
    'deny-delete': {
      description:
        'A hardening guide\'s method allow-list, $HTTP["request-method"] =~ "^(DELETE|PUT|PATCH)$" { url.access-deny ' +
        '= ( "" ) }: lighttpd answers every cancel 403 itself, an HTML page without X-RateLimit-*.',
      fails: ['CANCEL-PENDING-204', 'CANCEL-UNKNOWN-404', 'AUTH-MISSING-401'],
      args: ['--skip-rate-limit-probe'],
    },
  },
});

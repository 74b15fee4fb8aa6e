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
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}serve.py`, await goServer()], cwd: HERE }),
  misconfigs: {},
});

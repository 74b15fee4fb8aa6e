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
  misconfigs: {},
});

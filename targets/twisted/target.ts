// The twisted zoo target: a twisted.web resource tree (Twisted 22.4, Debian's python3-twisted) served by a Site
// on the reactor, with a small limiter of its own. Found by a blind red team (issue 37 item 8), which wrote it as
// conformant. Describes how to start it and its misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'twisted',
  stack: 'Twisted Web 22.4 (twisted.web.resource, Site on the reactor), Debian Python 3.11',
  requires: [
    {
      command: DEBIAN_PYTHON,
      versionArgs: ['-c', 'import twisted.web.server'],
      what: 'Twisted (for /usr/bin/python3)',
      hint: 'install it (apt-get install python3-twisted)',
    },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}server.py`], cwd: HERE }),
  misconfigs: {
    'twisted-error-pages': {
      description:
        "Resource.getChild and render left at Twisted's defaults: a path no resource has is NoResource's HTML " +
        '"No Such Resource" page, and a method a resource lacks its HTML 405 (for GET, HEAD, POST) or 501 ' +
        '"Huh?" page (for any other), both text/html.',
      fails: ['ERR-BODY-SCHEMA'],
      // The surface property sends the methods a resource lacks and a path no resource has.
      args: ['--only', 'ERR-BODY-SCHEMA,HTTP-SURFACE-PROPERTY'],
    },
    'default-content-type': {
      description:
        'render_GET returns the JSON bytes without request.setHeader(b"Content-Type", ...): Twisted labels ' +
        'every answer with its Request.defaultContentType, text/html.',
      warns: ['LIST-CONTENT-TYPE-JSON', 'EVERY-JSON-CONTENT-TYPE'],
      args: ['--only', 'LIST-CONTENT-TYPE-JSON,EVERY-JSON-CONTENT-TYPE'],
    },
    'int-segment': {
      description:
        'The id read by int() of the path segment: Twisted hands getChild the segment as bytes, which int() ' +
        'takes, with a sign, surrounding whitespace and underscores: b"+2", b"2\\n" and b"0_2" name order 2.',
      warns: ['ID-CANCEL-SPELLING'],
      // Every spelling, so the finding does not hang on the seed's sample (seeds 7 and 19 try %0A anyway).
      args: ['--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
  },
});

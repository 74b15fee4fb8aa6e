// The fastapi-uvicorn zoo target: a FastAPI app (Starlette, pydantic 1) served by uvicorn (ASGI, h11), all from
// Debian's packages under /usr/bin/python3, with a small limiter middleware of its own (Debian has no slowapi).
// Describes how to start it and its misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'fastapi-uvicorn',
  stack: 'FastAPI 0.92 (Starlette 0.26, pydantic 1.10) on uvicorn 0.17 (h11), Debian Python 3.11',
  requires: [
    {
      command: DEBIAN_PYTHON,
      versionArgs: ['-c', 'import fastapi, uvicorn'],
      what: 'FastAPI or uvicorn (for /usr/bin/python3)',
      hint: 'install them (apt-get install python3-fastapi python3-uvicorn)',
    },
  ],
  // -B: no __pycache__ written into the repository.
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}server.py`], cwd: HERE }),
  misconfigs: {
    'http-bearer-defaults': {
      description:
        'HTTPBearer() with its default auto_error=True, as the FastAPI security tutorial has it: a missing ' +
        'Authorization header, another scheme or an empty credential is 403 "Not authenticated", not 401.',
      fails: ['AUTH-MISSING-401', 'AUTH-OTHER-SCHEME-401', 'PETS-401-WITHOUT-CREDENTIALS'],
      args: [
        '--skip-rate-limit-probe',
        '--only',
        'AUTH-MISSING-401,AUTH-OTHER-SCHEME-401,PETS-401-WITHOUT-CREDENTIALS',
      ],
    },
    'regex-dollar': {
      description:
        'The id kept to digits by Path(regex=r"^-?[0-9]{1,19}$"), which pydantic checks with re.match: "$" also ' +
        'matches before a final newline, and int() strips it, so DELETE /store/orders/2%0A cancels order 2.',
      warns: ['ID-CANCEL-SPELLING'],
      // Every spelling: the default sample rotates by seed and may leave the trailing newline out.
      args: ['--skip-rate-limit-probe', '--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
    'default-validation-errors': {
      description:
        'No RequestValidationError handler: a malformed id is FastAPI\'s 422 with {"detail": [...]}, no Error ' +
        'object.',
      fails: ['ID-MALFORMED-4XX', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe', '--only', 'ID-MALFORMED-4XX,ERR-BODY-SCHEMA'],
    },
  },
});

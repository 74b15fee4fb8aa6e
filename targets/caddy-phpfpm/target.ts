// The caddy-phpfpm zoo target: Caddy 2 (`encode gzip`, `php_fastcgi`) in front of php-fpm 8.2 running one PHP
// front controller, the state a JSON file under flock(); Debian's caddy and php-fpm packages. Found by the blind
// red team of issue 37, which wrote it as conformant. serve.py starts both; this file describes them.
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON } from '../flask-gunicorn/target.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'caddy-phpfpm',
  stack:
    'Caddy 2.6 (encode gzip, php_fastcgi) in front of php-fpm 8.2 (a front controller, JSON state under flock)',
  requires: [
    { command: DEBIAN_PYTHON, versionArgs: ['--version'], hint: 'install python3 (apt-get install python3)' },
    { command: 'caddy', versionArgs: ['version'], hint: 'install caddy (apt-get install caddy)' },
    {
      // Debian names the binary for its PHP version (/usr/sbin/php-fpm8.2); serve.py looks for it the same way.
      command: DEBIAN_PYTHON,
      versionArgs: [
        '-c',
        'import glob, shutil, sys; sys.exit(not (shutil.which("php-fpm") or glob.glob("/usr/sbin/php-fpm*")))',
      ],
      what: 'php-fpm',
      hint: 'install php-fpm (apt-get install php-fpm)',
    },
  ],
  launch: async () => ({ file: DEBIAN_PYTHON, args: ['-B', `${HERE}serve.py`], cwd: HERE }),
  misconfigs: {
    'repeat-cancel-204': {
      description:
        'A cancelled order stays listed, and cancelling it again answers 204 once more ("DELETE is idempotent"), ' +
        'where only a pending order can be cancelled (spec §4).',
      fails: ['CANCEL-REPEAT-NOT-2XX', 'STATE-CANCEL-LATER-NOT-2XX', 'STATE-CANCEL-RACE'],
      args: ['--skip-rate-limit-probe'],
    },
    'default-mimetype': {
      description:
        'JSON echoed without header("Content-Type: application/json") and with php.ini\'s default_mimetype ' +
        'left as it is: php-fpm labels every answer "text/html; charset=UTF-8", and Caddy gzips it as such.',
      warns: ['LIST-CONTENT-TYPE-JSON', 'EVERY-JSON-CONTENT-TYPE'],
      args: ['--skip-rate-limit-probe', '--only', 'LIST-CONTENT-TYPE-JSON,EVERY-JSON-CONTENT-TYPE'],
    },
    'store-only-fastcgi': {
      description:
        "PHP for the store's paths alone, @store path /v1/store/* with handle @store { rewrite * /index.php; " +
        "php_fastcgi ... }: no handler takes the pets read, and Caddy's answer to a request no handler takes is " +
        'an empty 200, before any key check and without X-RateLimit-*.',
      fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401', 'RL-HEADERS-PRESENT'],
      args: ['--skip-rate-limit-probe'],
    },
  },
});

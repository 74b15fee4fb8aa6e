// The php-builtin zoo target: plain PHP 8.2 under php-cli's built-in web server (php -S, Debian's php-cli),
// no framework: a router script, a JSON state file under flock(). Describes how to start it (php server.php)
// and its misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'php-builtin',
  stack: 'PHP 8.2 built-in web server (php -S, php-cli), a router script, no framework',
  requires: [
    {
      command: 'php',
      versionArgs: ['-r', 'exit(function_exists("pcntl_signal") ? 0 : 1);'],
      what: 'php (the CLI, with pcntl)',
      hint: 'install php-cli (apt-get install php-cli)',
    },
  ],
  launch: async () => ({ file: 'php', args: [`${HERE}server.php`], cwd: HERE }),
  misconfigs: {
    'intval-ids': {
      description:
        'The id read with (int) $segment, the PHP habit: a cast reads a numeric prefix ("2abc" and "2.5" are ' +
        '2) and saturates past int64 (any longer number is PHP_INT_MAX, order 9223372036854775807).',
      fails: ['ID-CANCEL-MISREAD'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--only', 'ID-CANCEL-MISREAD,ID-CANCEL-SPELLING'],
    },
    'default-content-type': {
      description:
        'JSON echoed without header("Content-Type: application/json"): PHP sends its default_mimetype, ' +
        '"text/html; charset=UTF-8", on every answer.',
      warns: ['LIST-CONTENT-TYPE-JSON', 'EVERY-JSON-CONTENT-TYPE'],
      args: ['--skip-rate-limit-probe', '--only', 'LIST-CONTENT-TYPE-JSON,EVERY-JSON-CONTENT-TYPE'],
    },
    'router-return-false': {
      description:
        "The router returns false for any path it has no route for, as the PHP manual's router example does " +
        'for static files: the built-in server answers with its own HTML 404 page, before the key check ' +
        'and without X-RateLimit-*.',
      fails: ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
  },
});

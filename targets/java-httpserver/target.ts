// The java-httpserver zoo target: the Order Store on the JDK's com.sun.net.httpserver.HttpServer (Java 17, no
// library). launch() compiles the sources once per process into a fresh temporary folder; judges nothing.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce, run } from '../build-once.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MAIN = 'OrderStoreServer';

/** The folder of the compiled classes: javac runs once per process. */
const compiled = buildOnce('java-httpserver', async (dir) => {
  const sources = readdirSync(HERE)
    .filter((f) => f.endsWith('.java'))
    .map((f) => join(HERE, f));
  await run('javac', ['--release', '17', '-encoding', 'UTF-8', '-d', dir, ...sources], { timeout: 120_000 });
  return dir;
});

const JDK_HINT = 'install a JDK 17 or later (apt-get install openjdk-17-jdk-headless)';

export const target = defineTarget({
  id: 'java-httpserver',
  stack: 'Java 17: com.sun.net.httpserver.HttpServer with a fixed thread pool, no library',
  requires: [
    { command: 'javac', versionArgs: ['-version'], hint: JDK_HINT },
    { command: 'java', versionArgs: ['-version'], hint: JDK_HINT },
  ],
  launch: async () => ({ file: 'java', args: ['-cp', await compiled(), MAIN] }),
  misconfigs: {
    'reset-millis': {
      description:
        'X-RateLimit-Reset written from the window end as the limiter keeps it, System.currentTimeMillis() ' +
        'arithmetic never divided by 1000: Unix milliseconds.',
      fails: ['RL-HEADERS-RESET-UNIX-SECONDS', 'RL-PROBE-RESET-WINDOW'],
    },
    'empty-error-bodies': {
      description:
        'Every error answered the short HttpServer way, exchange.sendResponseHeaders(status, -1): the status ' +
        'and headers with no body, so no Error object on 401 or 404.',
      fails: ['AUTH-401-ERROR-BODY', 'CANCEL-UNKNOWN-404-BODY', 'ID-ABSENT-404'],
      args: ['--skip-rate-limit-probe'],
    },
    'context-per-route': {
      description:
        'server.createContext("/v1/store/orders", handler) only: every other path (GET /pets/{petId} among ' +
        'them) gets HttpServer\'s own "404 Not Found" HTML page, with no key check and no rate-limit headers.',
      fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401', 'RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
    'parse-long-ids': {
      description:
        'The route takes any segment, /store/orders/([^/]+), and leaves it to Long.parseLong, which reads ' +
        '"+2" as 2 (and other scripts\' digits too): DELETE /store/orders/+2 cancels order 2, and so does ' +
        'Arabic-Indic ٢. The plus sign is only recorded (ID-CANCEL-PLUS-SIGN-INFO); the other digits warn, tried ' +
        'against a fixture once the list is trusted to prove every other reading absent.',
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--trust-order-list'],
    },
  },
});

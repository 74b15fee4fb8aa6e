// The go-nethttp zoo target: Go's net/http ServeMux and encoding/json with golang.org/x/time/rate, as Debian
// packages them. launch() builds the binary once per process (GOPATH mode over /usr/share/gocode) into a
// fresh temporary folder; judges nothing.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce, run } from '../build-once.ts';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** Debian's golang-golang-x-time-dev puts x/time/rate here, for GOPATH builds. */
const GOCODE = '/usr/share/gocode';

/** The server binary (the lighttpd-go target runs it too): go build runs once per process. */
export const goServer = buildOnce('go-nethttp', async (dir) => {
  const out = join(dir, 'server');
  await run('go', ['build', '-o', out, '.'], {
    cwd: HERE,
    env: { ...process.env, GO111MODULE: 'off', GOPATH: GOCODE, GOFLAGS: '' },
    timeout: 180_000,
  });
  return out;
});

export const target = defineTarget({
  id: 'go-nethttp',
  stack: 'Go 1.19 net/http ServeMux + encoding/json, golang.org/x/time/rate 0.3 (Debian)',
  requires: [
    {
      command: 'go',
      versionArgs: ['version'],
      hint: 'install Go and x/time (apt-get install golang-go golang-golang-x-time-dev)',
    },
    {
      command: 'test',
      versionArgs: ['-f', `${GOCODE}/src/golang.org/x/time/rate/rate.go`],
      what: 'golang.org/x/time/rate (in /usr/share/gocode)',
      hint: 'install golang.org/x/time (apt-get install golang-golang-x-time-dev)',
    },
  ],
  // A token bucket refills one token every window / 60: at the compressed 6 s that is every 100 ms, faster than a
  // walk slowed by a loaded machine spends them, so the walk may meet no 429 and judge nothing. An 8 s window
  // (one token per ~130 ms) leaves a loaded CI machine room, and keeps X-RateLimit-Reset (rounded up to a whole
  // second) within the 10 s a default run waits out for the request surface; the proof of silence is the same.
  windowSeconds: 8,
  launch: async () => ({ file: await goServer(), args: [] }),
  misconfigs: {
    'route-middleware': {
      description:
        'The limiter and the key check wrapped around each route, mux.Handle(pattern, guard(h)), instead of ' +
        'around the ServeMux: the mux answers an unclean path (//, /./, /x/..) with its own 301 and an unknown ' +
        'path with its text "404 page not found" before any middleware, so neither carries X-RateLimit-*.',
      fails: ['RL-HEADERS-PRESENT', 'ERR-BODY-SCHEMA'],
      args: ['--skip-rate-limit-probe'],
    },
    'parseint-ids': {
      description:
        'orderId read by strconv.ParseInt(segment, 0, 64) alone (base 0: the prefix decides, as in Go source), ' +
        'which takes "+2", "0x2", "0o2", "0b10" and "2_0": DELETE /store/orders/0x2 cancels order 2. The plus ' +
        'sign is only recorded (ID-CANCEL-PLUS-SIGN-INFO); hex, octal, binary and digit separators warn, tried ' +
        'against a fixture once the list is trusted to prove their other readings absent.',
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--trust-order-list', '--only', 'ID-CANCEL-SPELLING'],
    },
    'retry-after-duration': {
      description:
        "Retry-After written as the limiter's delay, reservation.DelayFrom(now).String(): a Go duration " +
        '("50ms"), neither delay-seconds nor an HTTP-date.',
      fails: ['RL-HEADERS-RETRY-AFTER-VALID'],
      // Only a 429 carries Retry-After: the rate-limit checks alone, so the walk's Limit + 1 sent together
      // arrive before a token comes back (beside the whole run, on a loaded machine, all 61 were served once).
      args: ['--only', 'RL-'],
    },
  },
});

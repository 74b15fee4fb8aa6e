// Before any request: can the target's host be reached at all? A TCP (and TLS) connection only, so the
// preflight costs no rate-limit quota and sends no key.

import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { envAndFlag } from '../config/settings.ts';
import { UsageError } from '../errors.ts';

export async function preflight(baseUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    const socket = secure ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
    const fail = (why: string) => {
      socket.destroy();
      reject(
        new UsageError(
          `cannot reach the target at ${url.origin} (${why}); check ${envAndFlag('baseUrl')} and that the server is running`,
        ),
      );
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

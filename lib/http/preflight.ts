// Before any request: can the target's host be reached at all? A TCP (and TLS) connection only, so the
// preflight costs no rate-limit quota and sends no key. A TLS failure says what it is and how to trust the
// certificate (tls.ts), never "check that the server is running".

import { isIP, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { envAndFlag } from '../config/settings.ts';
import { UsageError } from '../errors.ts';
import { tlsProblem, trustedCa } from './tls.ts';

export async function preflight(baseUrl: string, timeoutMs: number, caFile?: string): Promise<void> {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    // No SNI to an IP address (RFC 6066 §3 allows host names only; Node warns DEP0123 otherwise).
    const socket = secure
      ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...trustedCa(caFile) })
      : netConnect({ host, port });
    const fail = (why: string, tls?: string) => {
      socket.destroy();
      reject(
        new UsageError(
          tls !== undefined
            ? `cannot reach the target at ${url.origin}: ${tls}`
            : `cannot reach the target at ${url.origin} (${why}); check ${envAndFlag('baseUrl')} and that the server is running`,
        ),
      );
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message, tlsProblem(e, host)));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

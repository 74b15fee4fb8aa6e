// Before any request: can the target's host be reached at all? A TCP (and TLS) connection only, so the
// preflight costs no rate-limit quota and sends no key; tried every second for --wait-for-target seconds. A
// host that cannot be reached is E_UNREACHABLE (exit 4); a URL that cannot be right (https to a plain-http
// port, a certificate this machine does not trust) is a UsageError naming the fix (tls.ts), never "check that
// the server is running".

import { isIP, connect as netConnect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect as tlsConnect } from 'node:tls';
import { envAndFlag, flagRef } from '../config/settings.ts';
import { HarnessError, UsageError } from '../errors.ts';
import { tlsProblem, trustedCa } from './tls.ts';

export interface PreflightOptions {
  /** Keep trying for this long (--wait-for-target); 0: one try. */
  waitSeconds?: number;
  /** The proxy the requests go through: it is what must accept a connection (the target may be out of sight). */
  proxy?: string;
  /** A CA file to trust besides Node's roots (--ca-file). */
  caFile?: string;
}

/** Why one connection attempt failed, and whether another attempt could succeed. */
type Attempt = { ok: true } | { ok: false; why: string; code: string; tls?: string };

/** OpenSSL's words for a TLS hello answered by something that does not speak TLS (plain HTTP, mostly). */
const NOT_TLS = /wrong version number|packet length too long|unknown protocol|http request/i;
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ALTNAME/;

function attempt(
  host: string,
  port: number,
  secure: boolean,
  timeoutMs: number,
  caFile: string | undefined,
): Promise<Attempt> {
  return new Promise((resolve) => {
    // No SNI to an IP address (RFC 6066 §3 allows host names only; Node warns DEP0123 otherwise).
    const socket = secure
      ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...trustedCa(caFile) })
      : netConnect({ host, port });
    const done = (a: Attempt) => {
      socket.destroy();
      resolve(a);
    };
    socket.setTimeout(timeoutMs, () =>
      done({ ok: false, why: `no connection within ${timeoutMs} ms`, code: 'ETIMEDOUT' }),
    );
    socket.once('error', (e: NodeJS.ErrnoException) => {
      const tls = secure ? tlsProblem(e, host) : undefined;
      done({ ok: false, why: e.code ?? e.message, code: e.code ?? e.message, ...(tls ? { tls } : {}) });
    });
    socket.once(secure ? 'secureConnect' : 'connect', () => done({ ok: true }));
  });
}

export async function preflight(
  baseUrl: string,
  timeoutMs: number,
  options: PreflightOptions = {},
): Promise<void> {
  const url = new URL(baseUrl);
  const via = options.proxy !== undefined ? new URL(options.proxy) : undefined;
  const secure = (via ?? url).protocol === 'https:';
  const port = Number((via ?? url).port || (secure ? 443 : 80));
  const host = (via ?? url).hostname.replace(/^\[|\]$/g, '');
  const waitMs = (options.waitSeconds ?? 0) * 1000;
  const started = Date.now();
  for (;;) {
    const a = await attempt(host, port, secure, timeoutMs, options.caFile);
    if (a.ok) return;
    if (!via && secure && (NOT_TLS.test(a.why) || /WRONG_VERSION_NUMBER|PACKET_LENGTH/.test(a.code)))
      throw new UsageError(
        `the target at ${url.origin} does not answer TLS (${a.why}): it serves plain http; use ${url.href.replace(/^https:/, 'http:')} in ${envAndFlag('baseUrl')}`,
      );
    if (!via && secure && (a.tls !== undefined || CERTIFICATE.test(a.code)))
      throw new UsageError(
        `cannot reach the target at ${url.origin}: ${a.tls ?? `its certificate is not trusted here (${a.code}); give its CA with ${envAndFlag('caFile')} or NODE_EXTRA_CA_CERTS, or fix ${envAndFlag('baseUrl')}`}`,
      );
    const left = waitMs - (Date.now() - started);
    if (left <= 0) {
      const waited = waitMs > 0 ? `, for ${Math.round(waitMs / 1000)} s` : '';
      const what = via
        ? `the proxy ${via.origin} (for the target at ${url.origin})`
        : `the target at ${url.origin}`;
      const fix = via
        ? 'check HTTP_PROXY, HTTPS_PROXY and NO_PROXY'
        : `check ${envAndFlag('baseUrl')} and that the server is running${waitMs > 0 ? '' : `; if it is still starting, ${flagRef('waitForTarget')} SECONDS waits for it`}`;
      throw new HarnessError('E_UNREACHABLE', `cannot reach ${what} (${a.why}${waited}); ${fix}`);
    }
    await sleep(Math.min(1000, left));
  }
}

/**
 * What a plain-TCP target says on its own right after a connection, within `waitMs` (SSH, SMTP and FTP servers
 * speak first; an HTTP server never does): its first printable characters, or undefined when it says nothing.
 * Sends nothing.
 */
export function banner(baseUrl: string, waitMs: number): Promise<string | undefined> {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return Promise.resolve(undefined);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = netConnect({ host, port: Number(url.port || 80) });
    const done = (text: string | undefined) => {
      socket.destroy();
      resolve(text);
    };
    socket.setTimeout(waitMs, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('data', (d: Buffer) => {
      const text = d
        .toString('latin1')
        .split(/\r?\n/)[0]!
        .replace(/[^\x20-\x7e]/g, '?')
        .slice(0, 60);
      done(text === '' ? undefined : text);
    });
  });
}

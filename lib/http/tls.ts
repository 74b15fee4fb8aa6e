// What a TLS failure is, in words that say how to fix it: an untrusted certificate (and how to trust its CA),
// one that names another host, one out of its dates, a handshake that failed; and the certificates a run
// trusts. Connects nothing.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { flagAndEnv } from '../config/settings.ts';

/**
 * The certificates to trust: Node's defaults when no CA file is given (NODE_EXTRA_CA_CERTS included), else
 * Node's bundled roots and the CA file's certificates (--ca-file; it takes the place of NODE_EXTRA_CA_CERTS).
 */
export function trustedCa(caFile: string | undefined): { ca?: string[] } {
  return caFile === undefined ? {} : { ca: [...rootCertificates, readFileSync(caFile, 'utf8')] };
}

/** OpenSSL's codes for a certificate chain Node does not trust. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** How a TLS failure reads with its remedy, or undefined when `error` is no TLS failure. */
export function tlsProblem(error: unknown, host: string): string | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const c = typeof code === 'string' ? code : '';
  const why = `${c}${typeof message === 'string' && message !== c ? `: ${message}` : ''}`;
  if (UNTRUSTED.has(c))
    return `the target's TLS certificate is not trusted (${why}); to trust the CA that issued it, give its certificate as a PEM file with ${flagAndEnv('caFile')} (or NODE_EXTRA_CA_CERTS=FILE)`;
  if (c === 'ERR_TLS_CERT_ALTNAME_INVALID' || c === 'HOSTNAME_MISMATCH')
    return `the target's TLS certificate is not issued for ${host} (${why}); use a base URL with a host name the certificate names`;
  if (c === 'CERT_HAS_EXPIRED' || c === 'CERT_NOT_YET_VALID')
    return `the target's TLS certificate is ${c === 'CERT_HAS_EXPIRED' ? 'expired' : 'not valid yet'} (${why}); check the server's certificate and this machine's clock`;
  if (/^ERR_SSL_|^ERR_TLS_|^EPROTO$/.test(c))
    return `the TLS handshake with the target failed (${why}); check that ${host} serves HTTPS on that port`;
  return undefined;
}

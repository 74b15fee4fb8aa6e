// Reads what the Authorization header says (RFC 9110 §11.4, §11.6.2; Bearer token68, RFC 6750 §2.1).
// Must not decide who is allowed in: it only classifies the credentials that were sent.

export type Credentials =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  /** A different auth-scheme: no bearer token was offered. */
  | { kind: 'other-scheme' }
  /** Bearer scheme, but the token is empty or not token68; or the header was sent more than once. */
  | { kind: 'malformed'; tokenGiven: boolean };

// RFC 9110 §11.4: credentials = auth-scheme [ 1*SP ( token68 / #auth-param ) ], auth-scheme = token (§5.6.2).
const CREDENTIALS = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?: +(.*))?$/s;
// RFC 9110 §11.2: token68 = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export interface AuthParseOptions {
  /** Fault `auth-scheme-case-sensitive`: only the exact spelling "Bearer" counts. */
  schemeCaseSensitive?: boolean;
  /** Fault `auth-bearer-one-space`: the field split on single spaces, two parts or refused. */
  oneSpace?: boolean;
  /** Fault `auth-other-scheme-accepted`: the token after any scheme name is read as a bearer token. */
  anyScheme?: boolean;
  /** Fault auth-token-scheme-accepted: the "Token" keyword taken as Bearer (Django REST framework's). */
  tokenScheme?: boolean;
  /** Fault `auth-trailing-text-accepted`: the token is read up to the first space, the rest ignored. */
  firstWordOnly?: boolean;
  /** Variant `authorization-first-line`: of repeated Authorization lines only the first is read. */
  firstLineOnly?: boolean;
}

/** `values` is every Authorization field line received (node's headersDistinct), in order. */
export function parseAuthorization(
  values: readonly string[] | undefined,
  options: AuthParseOptions = {},
): Credentials {
  if (values === undefined || values.length === 0) return { kind: 'none' };
  // Two credentials are ambiguous; refusing both is the only answer that cannot pick the wrong one. Most
  // HTTP stacks keep the first instead, which RFC 9110 §5.3 allows a recipient (variant authorization-first-line).
  if (values.length > 1 && !options.firstLineOnly) return { kind: 'malformed', tokenGiven: true };
  // Node strips leading and trailing OWS from field values (RFC 9110 §5.5).
  const value = values[0]!;
  const m = CREDENTIALS.exec(value);
  if (!m) return value === '' ? { kind: 'none' } : { kind: 'other-scheme' };
  const scheme = m[1]!;
  // RFC 9110 §11.1: the auth-scheme is case-insensitive.
  const isBearer =
    (options.schemeCaseSensitive ? scheme === 'Bearer' : scheme.toLowerCase() === 'bearer') ||
    (options.tokenScheme === true && scheme === 'Token');
  if (!isBearer && !(options.anyScheme && m[2])) return { kind: 'other-scheme' };
  const token = options.firstWordOnly ? (m[2] ?? '').split(' ')[0]! : (m[2] ?? '');
  if (token === '') return { kind: 'malformed', tokenGiven: false };
  // `header.split(' ')`, two parts or refused: "Bearer  <key>" is three, an empty one between.
  if (options.oneSpace && value.split(' ').length !== 2) return { kind: 'malformed', tokenGiven: true };
  if (!TOKEN68.test(token)) return { kind: 'malformed', tokenGiven: true };
  return { kind: 'bearer', token };
}

/**
 * The Bearer challenge for a 401 (RFC 6750 §3). The error attribute only when a token was offered:
 * §3.1 says a request without any authentication information SHOULD NOT get an error code.
 */
export function bearerChallenge(credentials: Credentials, realm: string, lowerCase = false): string {
  const tokenGiven =
    credentials.kind === 'bearer' || (credentials.kind === 'malformed' && credentials.tokenGiven);
  // RFC 9110 §11.1: the scheme is case-insensitive, so variant challenge-lower-case writes "bearer".
  const scheme = lowerCase ? 'bearer' : 'Bearer';
  return tokenGiven ? `${scheme} realm="${realm}", error="invalid_token"` : `${scheme} realm="${realm}"`;
}

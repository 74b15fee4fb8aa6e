// What credential a recorded request offered (spec §5: the key counts only as "Authorization: Bearer <key>"),
// read from its headers and query as sent: the form of its Authorization lines, how a bearer token relates to
// the known keys, and where else it carried something that looks like a key. Keys are compared here and never
// kept: what leaves is a form, a role and a fingerprint. Pure.
import { KEY_VARIABLE, SECOND_KEY_VARIABLE } from '../../lib/http/redact.ts';

/**
 * How a bearer token relates to the keys: the key, the second key, an altered key (a part of it, its case
 * changed), the key with text around it, another token, or (no key known) a token that cannot be told.
 */
export type Role = 'key' | 'second' | 'altered' | 'extra' | 'other' | 'unverified';

export type AuthForm =
  | { kind: 'none' }
  /**
   * `Bearer <token>` (the scheme in any case), one line; `spaced`: other whitespace than one SP between the
   * scheme and the token (`Bearer  <token>`: RFC 6750 §2.1 allows 1*SP).
   */
  | { kind: 'bearer'; role: Role; schemeExact: boolean; fingerprint: string; spaced?: true }
  | { kind: 'empty-bearer' }
  /** `Bearer` with text around the token, or no space after the scheme. */
  | { kind: 'extra-text' }
  | { kind: 'other-scheme'; scheme: string }
  /** A token with no scheme. */
  | { kind: 'bare' }
  | { kind: 'repeated'; lines: number };

export interface Offered {
  form: AuthForm;
  /** Names of query parameters, headers and cookies that look like they carry a key (values never kept). */
  query: string[];
  headers: string[];
  cookies: string[];
}

/** The texts that stand for each key: the key itself when given, and the expression this suite writes for it. */
export interface KnownKeys {
  key: string[];
  second: string[];
  /** Whether anything says which token is the key (a given key, or this suite's expression in a recording). */
  known: boolean;
}

/** What reports write for each key (lib/http/redact.ts), read back from this suite's own recordings. */
export const KEY_TEXT = `$${KEY_VARIABLE}`;
export const SECOND_KEY_TEXT = `$${SECOND_KEY_VARIABLE}`;

/** Names under which a query parameter, header or cookie carries a credential (X-API-Key, api_key, token...). */
const CREDENTIAL_NAME = /key|token|auth|secret|passw|credential|session|sid|jwt/i;
/** Headers named like one but carrying none of the client's own (WebSocket handshakes, fetch metadata). */
const NOT_CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'sec-websocket-key',
]);

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/** An expression of this suite's redactor standing for an altered key: `${VAR%?}`, `$(printf ... "$VAR" | ...)`. */
const ALTERED_EXPRESSION = /^\$[({][\s\S]*ORDER_STORE_(?:SECOND_)?API_KEY/;

/** `${VAR}` written as `$VAR`, so the key with a character after it reads as the key with text around it. */
const plainVariables = (t: string) => t.replace(/\$\{(ORDER_STORE_(?:SECOND_)?API_KEY)\}/g, '$$$1');

/** What a passive judge writes for a credential it kept out of its report (traffic-load.ts). */
export const REDACTED_CREDENTIAL = /^\[credential [0-9a-f]{8}\]$/;

/** How a bearer token relates to the keys. */
export function roleOf(token: string, keys: KnownKeys): Role {
  const t = plainVariables(token);
  // A token an earlier judge redacted: what it was is no longer known.
  if (REDACTED_CREDENTIAL.test(t)) return 'unverified';
  if (keys.key.includes(t)) return 'key';
  if (keys.second.includes(t)) return 'second';
  if (ALTERED_EXPRESSION.test(t)) return 'altered';
  const texts = [...keys.key, ...keys.second];
  if (texts.some((k) => t.includes(k))) return 'extra';
  // A part of a key, or a key with its letters' case changed: never the key (spec §5 rule 2: the key as is).
  for (const k of texts.filter((x) => !x.startsWith('$'))) {
    if (t.length >= 4 && k.includes(t)) return 'altered';
    if (t.toLowerCase() === k.toLowerCase()) return 'altered';
  }
  return keys.known ? 'other' : 'unverified';
}

/** The form of a request's Authorization lines. */
export function authorizationForm(
  lines: readonly string[],
  keys: KnownKeys,
  fingerprint: (token: string) => string,
): AuthForm {
  if (lines.length === 0) return { kind: 'none' };
  if (lines.length > 1) return { kind: 'repeated', lines: lines.length };
  const value = lines[0]!.trim();
  const [scheme = '', ...more] = value.split(/\s+/);
  const rest = value.slice(scheme.length).trim();
  if (scheme.toLowerCase() === 'bearer') {
    if (rest === '') return { kind: 'empty-bearer' };
    const role = roleOf(rest, keys);
    const spaced =
      value.slice(scheme.length, value.length - rest.length) !== ' ' ? { spaced: true as const } : {};
    // This suite's expressions hold spaces; any other token with a space in it has text around it.
    if (REDACTED_CREDENTIAL.test(rest))
      return {
        kind: 'bearer',
        role,
        schemeExact: scheme === 'Bearer',
        fingerprint: fingerprint(rest),
        ...spaced,
      };
    if (role === 'extra' || (more.length > 1 && role !== 'altered')) return { kind: 'extra-text' };
    return {
      kind: 'bearer',
      // A token that is no token68 is no key, whatever it resembles (this suite's own expressions aside).
      role: role !== 'other' || TOKEN68.test(rest) ? role : 'other',
      schemeExact: scheme === 'Bearer',
      fingerprint: fingerprint(rest),
      ...spaced,
    };
  }
  if (rest === '') return /^bearer/i.test(scheme) ? { kind: 'extra-text' } : { kind: 'bare' };
  return { kind: 'other-scheme', scheme };
}

/** The names of the cookies a Cookie line carries. */
export function cookieNames(line: string): string[] {
  return line
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((n) => n !== '');
}

/** What a request offered, from its header lines (names in lower case) and its URL as sent. */
export function offeredBy(
  headers: ReadonlyArray<readonly [string, string]>,
  url: string,
  keys: KnownKeys,
  fingerprint: (token: string) => string,
): Offered {
  const authorization = headers.filter(([n]) => n === 'authorization').map(([, v]) => v);
  const query = queryNames(url).filter((n) => CREDENTIAL_NAME.test(n));
  const named = headers
    .map(([n]) => n)
    .filter((n) => !NOT_CREDENTIAL_HEADERS.has(n) && CREDENTIAL_NAME.test(n));
  const cookies = headers
    .filter(([n]) => n === 'cookie')
    .flatMap(([, v]) => cookieNames(v))
    .filter((n) => CREDENTIAL_NAME.test(n));
  return {
    form: authorizationForm(authorization, keys, fingerprint),
    query: [...new Set(query)],
    headers: [...new Set(named)],
    cookies: [...new Set(cookies)],
  };
}

/** The names of the query parameters of a URL as sent (no URL parser: it would normalise the path). */
export function queryNames(url: string): string[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  return url
    .slice(q + 1)
    .split('#')[0]!
    .split('&')
    .map((p) => {
      const name = p.split('=')[0]!;
      try {
        return decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return name;
      }
    })
    .filter((n) => n !== '');
}

/** Whether the request carried the bearer credential a valid key makes: one line, `Bearer <key>`. */
export function carriesKey(o: Offered): 'primary' | 'secondary' | undefined {
  if (o.form.kind !== 'bearer') return undefined;
  if (o.form.role === 'key') return 'primary';
  return o.form.role === 'second' ? 'secondary' : undefined;
}

// What a request puts on the wire for each way of authenticating: the URL and the headers, the key taken from
// the client (checks never hold it). Builds only; never sends, and never puts the live key in a URL without
// the opt-in.

import { flagRef } from '../config/settings.ts';
import { HarnessError } from '../errors.ts';
import { authorizationLines, type KeyForm } from './key-forms.ts';
import { KEY_VARIABLE, type Redactor } from './redact.ts';
import type { Bucket } from './transcript.ts';

/** How a request authenticates. Keys are named, never passed around by checks. */
export type Auth =
  /** The key as a bearer token; `spaces`: the SPs between the scheme and the token (1 unless set). */
  | { kind: 'key'; key?: 'primary' | 'secondary'; scheme?: string; spaces?: number }
  | { kind: 'none' }
  | { kind: 'literal'; authorization: string }
  | { kind: 'basic' }
  | { kind: 'query'; params: string[] }
  /**
   * The key, unaltered, in request headers (X-API-Key...) and cookies other places than Authorization, which
   * is not sent: each named header carries the key, and one Cookie line carries it under each cookie name.
   */
  | { kind: 'placed'; headers?: readonly string[]; cookies?: readonly string[] }
  /** An altered form of the primary key (lib/http/key-forms.ts); never a valid credential. */
  | { kind: 'form'; form: KeyForm };

export interface WireContext {
  baseUrl: string;
  key(which?: 'primary' | 'secondary'): string;
  /** Told of every altered key before anything is recorded: it reveals the key as much as the key does. */
  redactor: Redactor;
  /** The live key may go into a URL (--allow-key-in-url, or the embedded target). */
  allowKeyInUrl?: boolean;
  /** Headers of every request (--header): a check's own headers and credentials go over them. */
  extraHeaders?: ReadonlyArray<readonly [string, string]>;
}

/** The bucket whose limit a request counts against (spec §8 limits per key; unauthenticated per address). */
export function bucketOf(auth: Auth): Bucket {
  if (auth.kind !== 'key') return 'anonymous';
  return auth.key === 'secondary' ? 'secondary' : 'primary';
}

/**
 * The key a request carries in any form (as the bearer token, altered, as Basic credentials, in the query),
 * or undefined: a locked or banned key is sent in none of them.
 */
export function keyCarried(auth: Auth): 'primary' | 'secondary' | undefined {
  if (auth.kind === 'key') return auth.key === 'secondary' ? 'secondary' : 'primary';
  if (auth.kind === 'basic' || auth.kind === 'form' || auth.kind === 'query' || auth.kind === 'placed')
    return 'primary';
  return undefined;
}

/** The URL and headers of a request to `path` below the base URL. */
export function wireRequest(
  path: string,
  auth: Auth,
  extra: Record<string, string> | undefined,
  ctx: WireContext,
): { url: string; headers: Record<string, string | string[]> } {
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const [name, value] of ctx.extraHeaders ?? []) headers[name.toLowerCase()] = value;
  Object.assign(headers, extra);
  let url = ctx.baseUrl + path;
  if (auth.kind === 'key')
    headers.authorization = `${auth.scheme ?? 'Bearer'}${' '.repeat(auth.spaces ?? 1)}${ctx.key(auth.key)}`;
  else if (auth.kind === 'literal') headers.authorization = auth.authorization;
  else if (auth.kind === 'basic')
    headers.authorization = `Basic ${Buffer.from(`${ctx.key()}:`).toString('base64')}`;
  else if (auth.kind === 'form') {
    const { lines, secrets } = authorizationLines(auth.form, ctx.key(), KEY_VARIABLE);
    for (const s of secrets) ctx.redactor.addSecret(s.value, s.expression);
    headers.authorization = lines.length === 1 ? lines[0]! : lines;
  } else if (auth.kind === 'placed') {
    for (const name of auth.headers ?? []) headers[name.toLowerCase()] = ctx.key();
    const cookies = (auth.cookies ?? []).map((name) => `${name}=${ctx.key()}`);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
  } else if (auth.kind === 'query') {
    // URLs end up in access logs, proxies and APM tools, a tunnel to this machine's loopback included: the
    // live key goes there only on opt-in (the embedded target's demo key aside, which the run opts in for).
    if (!ctx.allowKeyInUrl)
      throw new HarnessError(
        'E_INTERNAL',
        `refused to put the API key in a URL without ${flagRef('allowKeyInUrl')}`,
      );
    const query = auth.params.map((p) => `${p}=${encodeURIComponent(ctx.key())}`).join('&');
    url += `${url.includes('?') ? '&' : '?'}${query}`;
  }
  return { url, headers };
}

// Refuses, before anything is sent, a key or base URL that cannot go on the wire as given: a key that is not
// a bearer token68, a base URL that is not a plain absolute http(s) URL ending in /v1. Messages never quote
// the key.

import { UsageError } from '../errors.ts';
import { envAndFlag, varRef } from './settings.ts';

/** RFC 6750 §2.1 b64token (RFC 7235 token68): the only characters a bearer credential may have. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** What is wrong with one character of a key, by class (never the character itself: it is part of the key). */
function classOf(c: string): string {
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return 'a control character';
  if (/\s/u.test(c)) return 'whitespace';
  if (code > 0x7e) return 'a non-ASCII character';
  return 'a character a bearer token may not have';
}

/** Throws a UsageError naming the setting, the problem and the position (1-based), never the key. */
export function checkApiKey(key: string, setting: string): void {
  if (TOKEN68.test(key)) return;
  const chars = [...key];
  const body = chars.findIndex((c) => !/[A-Za-z0-9\-._~+/]/.test(c));
  // A bad character, or "=" padding followed by more token characters.
  const at = body >= 0 && !/^=+$/.test(chars.slice(body).join('')) ? body : chars.indexOf('=');
  const what =
    chars[at] === '=' ? 'an "=" that is not trailing padding' : classOf(chars[at] ?? chars[body] ?? '');
  throw new UsageError(
    `${setting} contains ${what} at position ${at + 1} of ${chars.length}; a bearer key is letters, digits and -._~+/ with optional trailing = (RFC 6750 §2.1): copy it again without quotes, spaces or line breaks`,
  );
}

/** Checks the base URL as written, before URL parsing silently repairs it (a space becomes %20). */
export function checkBaseUrlText(text: string, setting: string): void {
  const problem = /\s/u.test(text)
    ? 'has whitespace inside'
    : // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
      /[\u0000-\u001f\u007f]/.test(text)
      ? 'has a control character'
      : !/^https?:\/\//i.test(text)
        ? 'is not an absolute URL with http or https'
        : /^https?:\/\/[^/?#]*@/i.test(text)
          ? `carries credentials (user:pass@); pass the key with ${varRef('apiKey')}`
          : text.includes('?')
            ? 'has a query (?...)'
            : text.includes('#')
              ? 'has a fragment (#...)'
              : undefined;
  if (problem) throw new UsageError(`${setting} ${problem}; write it as e.g. https://api.example.com/v1`);
}

/**
 * The likely path meant: a last segment that is a slip of v1 (V1, vl, vI, v!, v1., v, v2) becomes v1; any other path
 * gets /v1 added (a path ending in a near miss never gets a second version segment).
 */
function versioned(path: string): string {
  const segments = path.split('/');
  const last = segments.at(-1) ?? '';
  if (/^v([1lIi!|.]{0,2}|\d+)$/i.test(last)) return [...segments.slice(0, -1), 'v1'].join('/');
  return `${path}/v1`;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Checks the target base URL (spec §9 rule 1: its path ends with /v1) and returns it without a trailing slash. */
export function checkBaseUrl(text: string, warnings: string[]): string {
  checkBaseUrlText(text, envAndFlag('baseUrl'));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `${envAndFlag('baseUrl')} is not a URL: ${JSON.stringify(text)}; use e.g. https://api.example.com/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${envAndFlag('baseUrl')} must be http or https, got ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new UsageError(
      `${envAndFlag('baseUrl')} must not carry credentials; pass the key with ${varRef('apiKey')}`,
    );
  }
  if (url.search || url.hash) {
    throw new UsageError(`${envAndFlag('baseUrl')} must not have a query or fragment`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v1')) {
    throw new UsageError(
      `${envAndFlag('baseUrl')} must end with the version segment /v1 (spec §9 rule 1), got path ${JSON.stringify(url.pathname)}; did you mean ${url.origin}${versioned(path)}?`,
    );
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    warnings.push(`the API key will travel in clear text over plain http to ${url.hostname}; prefer https`);
  }
  return `${url.origin}${path}`;
}

// Why no operation answered below the base URL (lib/http/reach.ts), in one line with the likely fix: the base
// addresses near it (a prefix too many or missing) are asked once each, without the key, and one whose answer
// is the API's (an Error body, a rate-limit header) is named. Never a guess no answer supports.
import { request } from 'undici';
import { envAndFlag } from '../lib/config/settings.ts';
import { EXIT } from '../lib/errors.ts';
import { apiLikeAnswer } from '../lib/http/reach.ts';
import type { Diagnosis } from './diagnose.ts';

/** The base addresses near `baseUrl` (whose path ends in /v1): one prefix segment fewer, or /api added. */
export function nearBases(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const before = segments.slice(0, -1);
  const out: string[] = [];
  for (let i = 0; i < before.length; i++)
    out.push(`/${[...before.slice(0, i), ...before.slice(i + 1), 'v1'].join('/')}`);
  if (!before.includes('api')) out.push(`/${[...before, 'api', 'v1'].join('/')}`);
  return [...new Set(out)].slice(0, 4).map((path) => `${url.origin}${path}`);
}

/** Whether GET {base}/store/orders, sent without credentials, is answered as the API answers. */
async function answersLikeApi(base: string, timeoutMs: number): Promise<boolean> {
  try {
    const r = await request(`${base}/store/orders`, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = (await r.body.text()).slice(0, 64 * 1024);
    return r.statusCode !== 404 && apiLikeAnswer(r.headers, text);
  } catch {
    return false;
  }
}

/**
 * The line for a base URL below which no operation answered (exit 4): the URL, what every answer was, and a
 * base address near it that answers as the API does, when one does. `probe` false asks none (a proxy is set).
 */
export async function diagnoseNoOperation(
  baseUrl: string,
  seen: string,
  timeoutMs: number,
  probe: boolean,
): Promise<Diagnosis> {
  let found: string | undefined;
  if (probe)
    for (const base of nearBases(baseUrl))
      if (await answersLikeApi(base, Math.min(timeoutMs, 5000))) {
        found = base;
        break;
      }
  const fix = found
    ? `the API answers at ${found}: use it in ${envAndFlag('baseUrl')}`
    : `check the path of ${envAndFlag('baseUrl')}: it is the API's base address, ending in /v1, with any prefix the server puts before it`;
  return {
    reason: `no operation of the API answers below ${baseUrl}: ${seen}, so nothing was judged; ${fix}`,
    exitCode: EXIT.unreachable,
  };
}

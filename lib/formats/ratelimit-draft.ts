// Reads the rate-limit fields of the IETF draft draft-ietf-httpapi-ratelimit-headers in each of the forms
// servers send: -06 and before (RateLimit-Limit, -Remaining, -Reset), -07 (RateLimit: limit=, remaining=,
// reset=) and -08 on (RateLimit: "name";r=;t= with RateLimit-Policy: "name";q=;w=). Parsing only: what the
// numbers may bound is the caller's choice; the spec's own fields are rate-limit-headers.ts.
import { listElements } from './field-list.ts';
import { type HeaderMap, headerValue } from './rate-limit-headers.ts';

/** What a server announces in the draft's fields: counts of requests, and seconds until the quota resets. */
export interface Announced {
  /** The quota of the policy the numbers belong to (q, limit), when said. */
  limit?: number;
  remaining?: number;
  /** Seconds until the quota resets (t, reset): a delta in every form. */
  resetSeconds?: number;
  /** The window of the policy in seconds (w), when said. */
  windowSeconds?: number;
  /** Which form it was read from, for messages: "RateLimit (draft -08)". */
  form: string;
}

const INTEGER = /^\d{1,15}$/;

function int(v: string | undefined): number | undefined {
  const t = v?.trim().replace(/^"(.*)"$/, '$1');
  return t !== undefined && INTEGER.test(t) ? Number(t) : undefined;
}

/** The non-empty elements of a list field value (a recipient may drop empty ones, RFC 9110 §5.6.1.2). */
export const splitList = (value: string): string[] => listElements(value).filter((m) => m !== '');

/** The `key=value` parameters of one member (`"name";r=5;t=30` or `limit=5`), keys lower-cased. */
function params(member: string, separator: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of member.split(separator)) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

/** The member's name (its leading sf-string or token) in the -08 form. */
const nameOf = (member: string): string => member.split(';')[0]!.trim();

/** Draft -08 on: each RateLimit member with the RateLimit-Policy member of the same name; the tightest. */
function draft08(rate: string, policy: string | undefined): Announced | undefined {
  const policies = new Map(splitList(policy ?? '').map((m) => [nameOf(m), params(m, /;/)]));
  let best: Announced | undefined;
  for (const member of splitList(rate)) {
    const p = params(member, /;/);
    const remaining = int(p.get('r'));
    if (remaining === undefined) continue;
    const q = policies.get(nameOf(member));
    const limit = int(q?.get('q'));
    const resetSeconds = int(p.get('t'));
    const windowSeconds = int(q?.get('w'));
    const a: Announced = {
      remaining,
      form: 'RateLimit (draft -08 and later)',
      ...(limit !== undefined ? { limit } : {}),
      ...(resetSeconds !== undefined ? { resetSeconds } : {}),
      ...(windowSeconds !== undefined ? { windowSeconds } : {}),
    };
    if (!best || remaining < best.remaining!) best = a;
  }
  return best;
}

/** Draft -07: RateLimit: limit=, remaining=, reset= (a dictionary), RateLimit-Policy: 60;w=60. */
function draft07(rate: string, policy: string | undefined): Announced | undefined {
  const p = params(rate, /,/);
  const remaining = int(p.get('remaining'));
  if (remaining === undefined) return undefined;
  const limit = int(p.get('limit'));
  const resetSeconds = int(p.get('reset'));
  const windowSeconds = policy ? int(params(splitList(policy)[0] ?? '', /;/).get('w')) : undefined;
  return {
    remaining,
    form: 'RateLimit (draft -07)',
    ...(limit !== undefined ? { limit } : {}),
    ...(resetSeconds !== undefined ? { resetSeconds } : {}),
    ...(windowSeconds !== undefined ? { windowSeconds } : {}),
  };
}

/** Draft -06 and before: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds until the reset). */
function draft06(headers: HeaderMap): Announced | undefined {
  const remaining = int(headerValue(headers, 'ratelimit-remaining'));
  if (remaining === undefined) return undefined;
  // RateLimit-Limit may carry a policy after its number: "100, 100;w=60".
  const limit = int(splitList(headerValue(headers, 'ratelimit-limit') ?? '')[0]?.split(';')[0]);
  const resetSeconds = int(headerValue(headers, 'ratelimit-reset'));
  return {
    remaining,
    form: 'RateLimit-Remaining (draft -06 and before)',
    ...(limit !== undefined ? { limit } : {}),
    ...(resetSeconds !== undefined ? { resetSeconds } : {}),
  };
}

/** The draft's numbers when a response carries them in any of its forms, else undefined. */
export function announcedLimits(headers: HeaderMap): Announced | undefined {
  const rate = headerValue(headers, 'ratelimit');
  const policy = headerValue(headers, 'ratelimit-policy');
  if (rate !== undefined) return /\br\s*=/.test(rate) ? draft08(rate, policy) : draft07(rate, policy);
  return draft06(headers);
}

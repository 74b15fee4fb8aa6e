// HTTP-HEAD-REFUSED-INFO, over the whole run: a HEAD refused as a method (405, 501) where the GET of the same
// target was answered is recorded with its evidence, never judged (RFC 9110 §9.1 binds general-purpose servers).
// Reads the transcript; never sends (the request surface and the auth checks send HEADs in every run).
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { NOT_OBSERVED, recorded, SAYS_NOTHING } from '../kit/traffic.ts';

/** Statuses that refuse a method itself (RFC 9110 §15.5.6, §15.6.2). */
export const METHOD_REFUSED: ReadonlySet<number> = new Set([405, 501]);

/**
 * Every HEAD of the run answered (not a 429), and those refused as a method where a GET of the same URL was
 * answered 2xx before: the method, not the target, was refused.
 */
export function headsOf(ctx: Ctx): { heads: Exchange[]; refused: Exchange[] } {
  const answeredGet = new Set<string>();
  const heads: Exchange[] = [];
  const refused: Exchange[] = [];
  for (const { x } of recorded(ctx)) {
    const s = x.response!.status;
    if (SAYS_NOTHING(s)) continue;
    if (x.request.method === 'GET' && s >= 200 && s < 300) answeredGet.add(x.request.url);
    if (x.request.method !== 'HEAD') continue;
    heads.push(x);
    if (METHOD_REFUSED.has(s) && answeredGet.has(x.request.url)) refused.push(x);
  }
  return { heads, refused };
}

/** How a refusal is named: `#40 HEAD /v1/store/orders → 405 (Allow: GET)`, or `(no Allow)`. */
function named(x: Exchange): string {
  const allow = headerValue(rawOf(x.response!).headers, 'allow');
  const path = new URL(x.request.url).pathname;
  return `#${x.seq} HEAD ${path} → ${x.response!.status} (${allow === undefined ? 'no Allow' : `Allow: ${allow.trim().slice(0, 80)}`})`;
}

export const headRefusedCheck = check({
  id: 'HTTP-HEAD-REFUSED-INFO',
  spec: 'RFC 9110 §9.1; RFC 9110 §15.5.6',
  level: 'INFO',
  rules: ['4.list.200'],
  requirement:
    'Whether the server answers HEAD of a target whose GET it answers, or refuses HEAD as a method (405 or 501), is recorded.',
  rationale:
    'RFC 9110 §9.1: "All general-purpose servers MUST support the methods GET and HEAD." Whether an API origin server is a general-purpose server is not settled by the spec, which defines GET alone on the list (spec §4), so a HEAD refused as a method is recorded with its evidence, not judged. A 405 without Allow is HTTP-REQUIRED-FIELDS\'s finding (RFC 9110 §10.2.1); a HEAD answered with another error where its GET succeeded, HTTP-HEAD-AS-GET\'s.',
  basis: [RFC.headGeneralPurpose],
  title: 'Reads every HEAD of the run and the GETs of the same URLs',
  needs: { requests: 0 },
  recorded: { shows: 'a HEAD, and a GET of the same URL' },
  async judge(ctx: Ctx) {
    const { heads, refused } = headsOf(ctx);
    if (heads.length === 0)
      ctx.skip(
        'no HEAD was answered in the run (the request surface sends one): nothing to record',
        NOT_OBSERVED,
      );
    ctx.evidence(...(refused.length > 0 ? refused : heads).slice(0, 3));
    const statuses = [...new Set(heads.map((x) => x.response!.status))].join(', ');
    ctx.observe(
      refused.length > 0
        ? `HEAD refused as a method where GET of the same target was answered: ${named(refused[0]!)}${refused.length > 1 ? ` and ${refused.length - 1} more` : ''}; RFC 9110 §9.1 asks GET and HEAD of general-purpose servers, and the spec does not say this API is one, so this is recorded, not judged (${heads.length} HEADs, answered ${statuses})`
        : `no HEAD refused as a method where its GET was answered (${heads.length} HEADs, answered ${statuses})`,
      heads.length,
      heads,
    );
  },
});

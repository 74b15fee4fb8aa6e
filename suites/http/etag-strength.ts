// HTTP-ETAG-STRONG: a strong ETag on the order list changes whenever the list's bytes do. Judged over every
// plain list of the run, live or recorded: one strong tag on two different bodies is a finding; weak tags
// (W/) may be shared. Never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { judgeEach } from '../kit/whole-run.ts';
import { basePath, etagOf, plainList, type SameBody, sameBodyOf, strongTag } from './list-exchanges.ts';

/**
 * For each plain list, the earlier list that carried its strong ETag on other bytes, if any: the tag did not
 * change with the representation data. Bodies not received whole are not compared.
 */
export function sharedStrongTags(
  lists: readonly Exchange[],
  same: SameBody,
): Array<{ x: Exchange; earlier: Exchange }> {
  const seen = new Map<string, Exchange[]>();
  const out: Array<{ x: Exchange; earlier: Exchange }> = [];
  for (const x of lists) {
    const tag = strongTag(etagOf(x));
    if (!tag) continue;
    const before = seen.get(tag) ?? [];
    const earlier = before.find((y) => same(y, x) === false);
    if (earlier) out.push({ x, earlier });
    // One of each body is enough to compare with: equal bodies answer alike.
    else if (!before.some((y) => same(y, x) === true)) before.push(x);
    seen.set(tag, before);
  }
  return out;
}

export const etagStrongCheck = check({
  id: 'HTTP-ETAG-STRONG',
  spec: 'RFC 9110 §8.8.3, §8.8.1; spec §4 listOrders',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'A strong ETag on the order list changes whenever the list’s bytes change: one strong tag is never carried by two different list bodies (a tag that does not is marked weak, W/).',
  rationale:
    'A cache or client that holds the list by its strong tag is told by a 304 that its copy is current: a tag frozen while orders are cancelled keeps cancelled orders in every cached list. Weak tags may be shared by different bodies (RFC 9110 §8.8.1), so only unmarked tags are judged; bodies are compared byte for byte where both were received whole.',
  basis: [RFC.etagMarkedWeak, RFC.strongValidator],
  title: 'Compares the bodies of every plain GET /store/orders of the run that carried the same strong ETag',
  needs: { requests: 0 },
  recorded: { shows: 'two plain GET /store/orders answered 200 with a strong ETag' },
  async judge(ctx: Ctx) {
    const base = basePath(ctx);
    const lists = ctx.transcript.all().filter((x) => plainList(x, base));
    const tagged = lists.filter((x) => strongTag(etagOf(x)) !== undefined);
    // A list with no ETag, or a weak one, keeps the requirement as it stands: it is judged, and holds.
    const shared = new Map(sharedStrongTags(tagged, sameBodyOf(ctx)).map((s) => [s.x, s.earlier]));
    judgeEach(
      ctx,
      lists,
      (x) => {
        const earlier = shared.get(x);
        return earlier
          ? [
              `the strong ETag an earlier list carried on other bytes (#${earlier.seq}, ${earlier.response!.bodyBytes} bytes)`,
            ]
          : [];
      },
      `no strong ETag of the list named two bodies (${tagged.length} lists with a strong ETag, ${new Set(tagged.map(etagOf)).size} tags)`,
      {
        noun: 'plain lists',
        none: 'no plain GET /store/orders was answered 200 in the run: nothing to judge (see LIST-STATUS-200)',
      },
    );
  },
});

// Whether the target banned a key whose client never sent inside a Retry-After (spec §8 rule 5 names only a
// client that keeps sending after a 429): every 429 of the run that names a ban, against the requests of its
// credential before it. Reads the transcript as received; never sends.
import { input, OUTCOME } from '../../../lib/check/skip.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { retryAfter } from '../../../lib/formats/rate-limit-headers.ts';
import { banOf } from '../../../lib/http/ban.ts';
import { type Exchange, rawOf, startedMsOf } from '../../../lib/http/transcript.ts';
import { RFC, SPEC } from '../../kit/basis.ts';
import { type Ctx, check } from '../../kit/context.ts';

/** A ban the run met: the 429 that named it, and what the client had done before it. */
export interface BanSeen {
  bucket: string;
  /** The 429 that named the ban. */
  ban: Exchange;
  evidence: string;
  /** The first request of its credential sent inside an earlier 429's Retry-After, when one was. */
  early?: Exchange;
  /** The last 429 before the ban, its Retry-After, and how long the client waited after it. */
  before?: { refusal: Exchange; retryAfterMs: number; waitedMs: number };
}

const sentAt = (x: Exchange) => startedMsOf(x);
const receivedAt = (x: Exchange) => sentAt(x) + x.durationMs;

/** The first ban each credential met in `xs`, with whether its client had sent inside a Retry-After. */
export function bansOf(xs: readonly Exchange[]): BanSeen[] {
  const byBucket = new Map<string, Exchange[]>();
  // Pushed, not copied: a copy per exchange was quadratic (a recording of a million with one 429 never ended).
  for (const x of xs) {
    if (x.response === undefined) continue;
    const mine = byBucket.get(x.bucket);
    if (mine) mine.push(x);
    else byBucket.set(x.bucket, [x]);
  }
  const out: BanSeen[] = [];
  for (const [bucket, mine] of byBucket) {
    let liftAtMs: number | undefined;
    let early: Exchange | undefined;
    let last: BanSeen['before'];
    for (const x of [...mine].sort((a, b) => sentAt(a) - sentAt(b))) {
      if (liftAtMs !== undefined && sentAt(x) < liftAtMs) early ??= x;
      const raw = rawOf(x.response!);
      if (x.response!.status !== 429) continue;
      const named = banOf(429, raw.headers, raw.body, receivedAt(x));
      if (named) {
        const before =
          last === undefined ? undefined : { ...last, waitedMs: sentAt(x) - receivedAt(last.refusal) };
        out.push({
          bucket,
          ban: x,
          evidence: named.evidence,
          ...(early ? { early } : {}),
          ...(before ? { before } : {}),
        });
        break;
      }
      const ra = retryAfter(raw.headers, receivedAt(x));
      const ms = ra && ra.form !== 'invalid' ? ra.delayMs : 0;
      liftAtMs = Math.max(liftAtMs ?? 0, receivedAt(x) + ms);
      last = { refusal: x, retryAfterMs: ms, waitedMs: 0 };
    }
  }
  return out;
}

const s = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** How an unearned ban reads in a finding: the 429 before it, the wait, the request that met the ban. */
export function unearnedText(b: BanSeen): string {
  const how = b.before
    ? `the 429 #${b.before.refusal.seq} said Retry-After ${s(b.before.retryAfterMs)}, the client waited ${s(b.before.waitedMs)}, and its next request #${b.ban.seq} was answered with the ban`
    : `no earlier 429 of the run asked it to wait: request #${b.ban.seq} was answered with the ban`;
  return `the ${b.bucket} credential was banned (${b.evidence}) though its client never sent inside a Retry-After: ${how}`;
}

export const unearnedBan = check({
  id: 'RL-HEADERS-NO-UNEARNED-BAN',
  judgesRefusals: true,
  level: 'MUST',
  rules: ['8.r4'],
  requirement:
    'A key whose client waited every Retry-After it was given before sending again is not banned: only "a client [that] keeps sending requests after receiving 429" may be (spec §8 rule 5).',
  rationale:
    'Spec §8 rule 4 tells the client to wait for the time given in Retry-After before retrying, and RFC 9110 §10.2.3 gives that field the meaning of how long to wait before a follow-up request: a client that waited it and was banned was given a wait that was not the one that counted, the MUST RL-PROBE-RECOVERY holds a server to. Spec §8 rule 5 ("When a client keeps sending requests after receiving 429, then the API key may be temporarily banned") only permits a ban of a client that did not wait; it forbids nothing by itself, so the MUST rests on rule 4 and RFC 9110 §10.2.3. A ban the client earned (a request inside a Retry-After) is noted, not blamed.',
  basis: [SPEC.retryAfterWait, RFC.retryAfterMeaning],
  title: 'Reads every 429 of the run that names a ban, against the requests of its credential before it',
  needs: { requests: 0 },
  recorded: { shows: 'a 429, and the requests of its key before it' },
  async judge(ctx: Ctx) {
    const xs = ctx.transcript.all().filter((x) => x.response !== undefined);
    const refused = xs.filter((x) => x.response!.status === 429);
    if (refused.length === 0) {
      const off = ctx.config.skipRateLimitProbe;
      ctx.skip(
        `no response of the run was a 429: no ban to judge${off ? ` (the rate-limit probe, which walks to one, was left out with ${flagRef('skipRateLimitProbe')})` : ''}`,
        off ? input('skipRateLimitProbe') : OUTCOME,
      );
    }
    const bans = bansOf(xs);
    for (const b of bans) {
      if (b.early) {
        ctx.note(
          `the ${b.bucket} credential was banned (${b.evidence}) after request #${b.early.seq} was sent inside a Retry-After: spec §8 rule 5 allows that`,
        );
        continue;
      }
      ctx.problem(unearnedText(b), {
        expected: 'no ban of a client that waited Retry-After (served, or an ordinary 429)',
        actual: `429 naming a ban (${b.evidence})`,
        exchange: b.ban,
      });
      if (b.before) ctx.evidence(b.before.refusal);
    }
    ctx.observe(
      `${refused.length} 429s, ${bans.length === 0 ? 'none naming a ban' : `${bans.length} naming a ban, each after a request inside a Retry-After`}`,
      refused.length,
      refused,
    );
  },
});

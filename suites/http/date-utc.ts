// Whether the Date a server sends is the UTC time it claims to be: where it stands minutes apart from the run's
// clock while the server's own X-RateLimit-Reset agrees with the run's, the Date is the clock that is off (local
// time labelled GMT). Reads the transcript as received, live or recorded alike; never sends.
import type { CheckDefinition } from '../../lib/check/model.ts';
import { OUTCOME } from '../../lib/check/skip.ts';
import { DATE_APART_MS, dateIsOff, rateLimitHeaders } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { type Offence, reportGrouped, responses } from '../kit/whole-run.ts';
import { readDates } from './date-progress.ts';

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

export const dateUtcCheck: CheckDefinition<Ctx> = check({
  id: 'HTTP-DATE-UTC',
  level: 'SHOULD',
  rules: ['1.json'],
  requirement:
    'The Date of each response is the UTC time it was generated: not minutes apart from the moment its own X-RateLimit-Reset is counted from.',
  rationale:
    "Date is an HTTP-date, a UTC instant (RFC 9110 §5.6.7), and SHOULD be the best available approximation of the time of generation (§6.6.1). The run's clock may be off too, so an offset alone is recorded, not judged: only a Date more than 5 minutes from the run's clock while the same response's X-RateLimit-Reset (Unix seconds) reads as a plausible moment on the run's clock and not through that Date fails it (two clocks of three agree, the server's own among them). The rate-limit checks then read Reset on the run's clock, not through that Date.",
  basis: [RFC.dateMeaning, RFC.dateApproximation],
  title: "Compares each response's Date with the run's clock and with its own X-RateLimit-Reset",
  needs: { requests: 0 },
  recorded: { shows: 'answers carrying Date and X-RateLimit-Reset' },
  async judge(ctx: Ctx) {
    // The responses with one readable Date, none from a cache (Age: it keeps the origin's Date), read in the
    // order given; the findings and the note then in the order received (ties in the order given), as
    // datedResponses would list them, with no dated response made and no list of every one sorted.
    const xs = responses(ctx);
    const dates = readDates(xs);
    const found: Array<{ offence: Offence; received: number; k: number }> = [];
    let judged = 0;
    let apart: { ms: number; x: Exchange; received: number } | undefined;
    for (let k = 0; k < dates.length; k++) {
      const x = xs[dates.at[k]!]!;
      const reset = rateLimitHeaders(x.response!.headers).reset?.value;
      if (reset === undefined) continue;
      judged += 1;
      const date = dates.date[k]!;
      const received = startedMsOf(x) + x.durationMs;
      const off = date - received;
      if (dateIsOff(reset, received, date))
        found.push({
          offence: {
            problem: `Date stands ${minutes(Math.abs(off))} ${off > 0 ? 'ahead of' : 'behind'} the run's clock, while the response's own X-RateLimit-Reset names a moment that clock agrees with: the Date is no UTC time of generation (a local time labelled GMT?)`,
            exchange: x,
          },
          received,
          k,
        });
      else if (Math.abs(off) > DATE_APART_MS && (!apart || received < apart.received))
        apart = { ms: off, x, received };
    }
    const offences = found.sort((a, b) => a.received - b.received || a.k - b.k).map((f) => f.offence);
    if (judged === 0)
      ctx.skip('no response carried both a Date this check can read and X-RateLimit-Reset', OUTCOME);
    if (apart)
      ctx.note(
        `Date stands ${minutes(Math.abs(apart.ms))} ${apart.ms > 0 ? 'ahead of' : 'behind'} the run's clock on #${apart.x.seq}, and its X-RateLimit-Reset does not tell which clock is off (the server's, or the run's own): recorded, not judged`,
      );
    reportGrouped(ctx, offences, judged, 'Date within 5 minutes of the run clock, or with its own Reset');
  },
});

// HTTP judged from recorded traffic: every JSON body's media type, as in a run; framing only where the
// recorder says how each response ended on the connection (this suite's proxy and transcript.har do; a
// browser's or Playwright's HAR keeps the bodies, not how the connection carried them).
import type { Ctx } from '../kit/context.ts';
import { NOT_OBSERVED, trafficOf } from '../kit/traffic.ts';
import type { TrafficJudges } from '../kit/traffic-judges.ts';
import { framing } from './checks.ts';

async function framed(ctx: Ctx): Promise<void> {
  if (!trafficOf(ctx).framing)
    ctx.skip(
      'the recording does not say how each response ended on the connection (a devtools or Playwright HAR keeps none of it)',
      NOT_OBSERVED,
    );
  await framing.checks.find((c) => c.id === 'HTTP-FRAMING')!.run!(ctx);
}

export const HTTP_TRAFFIC: TrafficJudges = {
  'EVERY-JSON-CONTENT-TYPE': { judge: 'run', shows: 'an answer with a JSON body' },
  'EVERY-JSON-LABEL-TRUE': { judge: 'run', shows: 'an answer with a body labelled JSON' },
  'HTTP-FIELD-SYNTAX': { judge: 'run', shows: 'any answer carrying a field with a known grammar' },
  'HTTP-REQUIRED-FIELDS': { judge: 'run', shows: 'a 2xx, 3xx or 4xx answer, or a 405' },
  'HTTP-FRAMING': {
    judge: framed,
    shows:
      'any answer, recorded by this suite’s proxy (or its transcript.har), which notes how each response ended',
  },
};

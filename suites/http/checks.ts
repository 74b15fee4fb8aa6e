// HTTP framing, judged over the whole run: every response ends where its headers say it does. A body cut
// short (a reset, a truncated chunk, a Content-Length the bytes do not meet) and bytes after a response's end
// (a whole extra response after a 204) are findings, never a conformant run. Our own limits are not judged.
import { isMalformedAnswer, MALFORMED } from '../../lib/http/malformed.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { NOT_OBSERVED, trafficOf } from '../kit/traffic.ts';
import { type Offence, reportGrouped, responses } from '../kit/whole-run.ts';
import { dateProgressCheck } from './date-progress.ts';
import { dateUtcCheck } from './date-utc.ts';
import { etagStrongCheck } from './etag-strength.ts';
import { fieldChecks } from './field-checks.ts';
import { headAsGetCheck } from './head-as-get.ts';
import { headLengthCheck } from './head-length.ts';
import { headRefusedCheck } from './head-refused.ts';
import { headContent } from './surface-judge.ts';

/**
 * Body errors that are the harness's own limits (our timeout, our size cap, our header cap met by the
 * trailers, our stop), not the target's.
 */
const OURS =
  /^(UND_ERR_BODY_TIMEOUT|UND_ERR_RES_EXCEEDED_MAX_SIZE|UND_ERR_HEADERS_OVERFLOW|UND_ERR_ABORTED|ABORT_ERR|TimeoutError|AbortError|23)$/;

export const framing = suite({
  id: 'HTTP',
  title: 'HTTP framing and fields (whole run)',
  spec: 'RFC 9112 §6.3; RFC 9110 §15.3.5; RFC 9110 §2.2, §5.6.7, §6.6.1, §8.8.3, §9.3.2',
  checks: [
    check({
      id: 'HTTP-FRAMING',
      spec: 'RFC 9112 §6.3; RFC 9110 §15.3.5 (204: no content); RFC 9110 §9.3.2 (HEAD: no content); spec §1',
      level: 'MUST',
      rules: ['1.json'],
      requirement:
        'Every response is framed as its headers say: its body arrives whole and nothing follows its end.',
      rationale:
        "No reset, no truncated chunk, no Content-Length left short; a 204 ends with its header section, and so does the answer to a HEAD (its Content-Length is the GET's, so content after it is read off the socket: the request surface's HEADs are, and the transcript keeps the count). A whole 408 sent on a connection left idle after its response ended is the server's idle timer closing it (RFC 9112 §9.5, RFC 9110 §15.5.9): noted, not failed.",
      basis: [SPEC.json, RFC.grammar, RFC.noContent204, RFC.headNoContent],
      title: 'Looks at how every response of the run ended on the connection',
      needs: { requests: 0 },
      recorded: {
        shows:
          'any answer, recorded by this suite’s proxy (or its transcript.har), which notes how each response ended',
      },
      async judge(ctx: Ctx) {
        // A run knows how each response ended on the connection, and so do this suite's recorders; a browser's
        // or Playwright's HAR keeps the bodies, not how the connection carried them.
        if (!trafficOf(ctx).framing)
          ctx.skip(
            'the recording does not say how each response ended on the connection (a devtools or Playwright HAR keeps none of it)',
            NOT_OBSERVED,
          );
        // A response one of our own limits cut short is that limit's error alone (the checks reading it say
        // so): its end was never seen, so it is not judged here either way.
        const read = responses(ctx, true);
        const cut = read.filter((x) => OURS.test(x.response!.bodyError?.code ?? ''));
        const xs =
          cut.length === 0 ? read : read.filter((x) => !OURS.test(x.response!.bodyError?.code ?? ''));
        if (cut.length > 0)
          ctx.note(
            `${cut.length} responses cut short by this run's own limits (${[...new Set(cut.map((x) => x.response!.bodyError!.code))].join(', ')}) are not judged`,
          );
        const offences: Offence[] = [];
        for (const x of xs) {
          const e = x.response!.bodyError;
          if (e) offences.push({ problem: `the body could not be read as framed (${e.code})`, exchange: x });
          else if (x.request.method === 'HEAD' && x.response!.bodyBytes > 0)
            offences.push({ problem: `content was sent in a HEAD response: ${headContent(x)}`, exchange: x });
        }
        const all = ctx.transcript.all();
        // An answer whose head the parser refused (a control byte in a header), or that the harness named as
        // malformed (a status 000, an unsolicited 101), was framed as no HTTP message.
        const malformed = all.filter((x) => !x.response && isMalformedAnswer(x.error?.code));
        for (const x of malformed)
          offences.push({
            problem:
              x.error!.code === MALFORMED
                ? `the answer is malformed: ${x.error!.message}`
                : `the answer is not an HTTP/1.1 response (${x.error!.code})`,
            exchange: x,
          });
        for (const stray of ctx.http.strayResponses) {
          const x = all[stray.afterSeq - 1];
          // A whole 408 on a connection idle since its last response: the server's idle timer, which may close
          // it (RFC 9112 §9.5) and say why (RFC 9110 §15.5.9), not bytes after a response.
          if (x && stray.idle)
            ctx.note(
              `the target sent a whole "${stray.idle.statusLine}" (${stray.idle.bytes} bytes) on a connection idle for ${(stray.idle.gapMs / 1000).toFixed(1)} s after the response to #${x.seq} ended, and closed it: its idle timer, which RFC 9112 §9.5 allows and RFC 9110 §15.5.9 names, not bytes after a response`,
            );
          else if (x)
            offences.push({
              problem: `bytes arrived after the end of a response, where none was due (${stray.message})`,
              exchange: x,
            });
        }
        reportGrouped(
          ctx,
          offences,
          xs.length + malformed.length,
          'every response ended where its headers said',
        );
      },
    }),
    ...fieldChecks,
    dateProgressCheck,
    dateUtcCheck,
    headAsGetCheck,
    headLengthCheck,
    headRefusedCheck,
    etagStrongCheck,
  ],
});

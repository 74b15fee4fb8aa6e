// spec §7 Errors, judged over every response of the run (ordinary checks, auth probes, cancels, the
// rate-limit probe): an error response that carries a body carries the Error object, status included.
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import {
  errorSchemaIssues,
  errorShapeProblems,
  errorStatusMismatch,
  recordedView,
} from '../kit/responses.ts';
import { judgeEach, type reportGrouped, responses } from '../kit/whole-run.ts';

function errorResponsesWithBody(ctx: Parameters<typeof reportGrouped>[0]) {
  return responses(ctx).filter((x) => x.response!.status >= 400 && x.response!.bodyBytes > 0);
}

/**
 * What ERR-BODY-SCHEMA judged, and why there was nothing when nothing came: no error response at all, or
 * error responses whose bodies the transport cut short (HTTP-FRAMING's finding), or all without a body.
 */
function errorBodiesJudged(ctx: Parameters<typeof reportGrouped>[0]): { noun: string; none: string } {
  const errors = responses(ctx).filter((x) => x.response!.status >= 400);
  const cut = errors.filter((x) => x.response!.bodyError !== undefined);
  const none =
    errors.length === 0
      ? 'no error response (4xx, 5xx) was recorded in this run'
      : cut.length > 0
        ? `no error body could be read: ${cut.length} of the ${errors.length} error responses had their body cut short (${cut[0]!.response!.bodyError!.code}; see HTTP-FRAMING), the others none`
        : `none of the ${errors.length} error responses of the run carried a body`;
  return { noun: 'error bodies', none };
}

/** The traffic that shows the error checks, in a recording as in a run. */
const ERRORS = 'an error response (4xx, 5xx) with a body';

export const errorBodies = suite({
  id: 'ERR',
  title: 'Errors (whole run)',
  spec: 'spec §7',
  checks: [
    check({
      id: 'ERR-BODY-SCHEMA',
      level: 'MUST',
      rules: ['7.error-object', '2.error.fields'],
      requirement:
        'Error responses that carry a body use the Error object, with code, message and status all present.',
      basis: [SPEC.errorObject, SPEC.errorFieldsRequired],
      title: 'Validates the body of every error response of the run against schemas/error.schema.json',
      needs: { requests: 0 },
      recorded: { shows: ERRORS },
      async judge(ctx: Ctx) {
        judgeEach(
          ctx,
          errorResponsesWithBody(ctx),
          (x) => {
            if (x.response!.bodyTruncated) {
              ctx.note(`exchange ${x.seq}: body too large to judge from the transcript`);
              return [];
            }
            const view = recordedView(x)!;
            const first = errorShapeProblems(view)[0];
            return first
              ? [{ problem: first.replace(/ at position \d+.*$/, ''), schema: errorSchemaIssues(view) }]
              : [];
          },
          'every error body is an Error object',
          errorBodiesJudged(ctx),
        );
      },
    }),
    check({
      id: 'ERR-STATUS-MATCHES',
      spec: 'spec §2 Error (status: the HTTP status code)',
      level: 'MUST',
      rules: ['2.error.status'],
      requirement:
        'The status field of an Error body equals the HTTP status of the response that carries it.',
      basis: [SPEC.errorStatus],
      title: 'Compares Error.status with the HTTP status on every error response of the run',
      needs: { requests: 0 },
      recorded: { shows: ERRORS },
      async judge(ctx: Ctx) {
        judgeEach(
          ctx,
          errorResponsesWithBody(ctx),
          (x) =>
            errorStatusMismatch(recordedView(x)!) ? ['Error body status differs from the HTTP status'] : [],
          'every Error status equals its HTTP status',
          errorBodiesJudged(ctx),
        );
      },
    }),
  ],
});

// Findings several suites record alike: a status expectation (what was wanted, what came, the exchange) and
// an Error body judged against spec §2 Error. They record problems on the check; the check decides its verdict.
import type { CheckContext, Finding } from '../../lib/check/run-check.ts';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type BodyView, errorBodyProblems, errorSchemaIssues } from './responses.ts';

/**
 * The evidence of a status expectation, for ctx.require or ctx.problem: the status wanted (409, 'not 2xx'),
 * the one that came, and the exchange that shows it.
 */
export function expectedStatus(
  res: Pick<Response, 'status' | 'exchange'>,
  expected: number | string,
): Finding {
  return { expected: String(expected), actual: String(res.status), exchange: res.exchange };
}

/**
 * Records each way a body is not an Error object whose status is the HTTP status (errorBodyProblems) as a
 * problem citing `exchange`, with the schema failures as data; `prefix` says which response, when several.
 */
export function expectErrorBody(ctx: CheckContext, view: BodyView, exchange: Exchange, prefix = ''): void {
  const schema = errorSchemaIssues(view);
  for (const p of errorBodyProblems(view)) ctx.problem(`${prefix}${p}`, { exchange, schema });
}

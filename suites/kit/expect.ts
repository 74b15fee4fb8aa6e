// Findings several suites record alike: a status expectation (what was wanted, what came, the exchange) and
// an Error body judged against spec §2 Error. They record problems on the check; the check decides its verdict.
import type { CheckContext, Finding } from '../../lib/check/run-check.ts';
import type { Response, ResponseHead } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type BodyView, describeStatus, errorBodyProblems, errorSchemaIssues } from './responses.ts';

/** The evidence of a status expectation: the status wanted (409, 'not 2xx'), the one that came, the exchange. */
function expectedStatus(res: Pick<Response, 'status' | 'exchange'>, expected: number | string): Finding {
  return { expected: String(expected), actual: String(res.status), exchange: res.exchange };
}

/** A response whose status a check holds to an expectation: its head and the exchange that shows it. */
type Answer = ResponseHead & Pick<Response, 'exchange'>;

/**
 * What a check expects of one response's status, in the style of graphql-http's `ressert`:
 * `expectStatus(ctx, res, 'cancelling pending order 7').toBe(204)`. An expectation that fails is a problem
 * "<what> answered <status, type, size>[: <why>]" citing the exchange, with what was expected and what came;
 * each returns whether it held, and the check goes on. requireStatus ends the check instead.
 */
export function expectStatus(ctx: CheckContext, res: Answer, what: string) {
  return statusExpectations(res, what, (message, finding) => ctx.problem(message, finding));
}

/** expectStatus, ending the check when the expectation fails (as ctx.require does). */
export function requireStatus(ctx: CheckContext, res: Answer, what: string) {
  return statusExpectations(res, what, (message, finding) => ctx.violation(message, finding));
}

function statusExpectations(res: Answer, what: string, record: (message: string, finding: Finding) => void) {
  const judge = (held: boolean, expected: string, why?: string): boolean => {
    if (!held)
      record(
        `${what} answered ${describeStatus(res)}${why ? `: ${why}` : ''}`,
        expectedStatus(res, expected),
      );
    return held;
  };
  return {
    toBe: (status: number, why?: string) => judge(res.status === status, String(status), why),
    notToBe: (status: number, why?: string) => judge(res.status !== status, `not ${status}`, why),
    /** Not a success: the order was not cancelled (any 2xx is "Order cancelled" to a client). */
    not2xx: (why?: string) => judge(res.status < 200 || res.status > 299, 'not 2xx', why),
    /** A condition of the caller's own on the response, with what it wanted in words. */
    toHold: (held: boolean, expected: string, why?: string) => judge(held, expected, why),
  };
}

/**
 * Records each way a body is not an Error object whose status is the HTTP status (errorBodyProblems) as a
 * problem citing `exchange`, with the schema failures as data; `prefix` says which response, when several.
 */
export function expectErrorBody(ctx: CheckContext, view: BodyView, exchange: Exchange, prefix = ''): void {
  const schema = errorSchemaIssues(view);
  for (const p of errorBodyProblems(view)) ctx.problem(`${prefix}${p}`, { exchange, schema });
}

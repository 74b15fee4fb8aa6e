// Pure readings of the key's requests served while its count stood spent (kit/limiter-spent.ts) into
// RL-PROBE-LIMIT-ENFORCED's findings: those whose answer shows them counted by nothing. Never sends.
import type { SpentServed } from '../../kit/limiter-spent.ts';
import { type Judgement, judged, type ProbeFinding } from './judgement.ts';

/** What a served request past the limit did, by its status: a cancel answered 2xx was carried out. */
function didWhat(s: SpentServed): string {
  const { method } = s.served.x.request;
  return method === 'DELETE' ? `; answered ${s.served.status}, the cancel was carried out` : '';
}

export function spentFinding(s: SpentServed): ProbeFinding {
  const { spent, served, refused } = s;
  return {
    message: `${served.parts.route} #${served.x.seq} was served ${served.status} right after #${spent.x.seq} (${spent.parts.route}) left X-RateLimit-Remaining 0, and #${refused.x.seq}, the next of that operation, was refused 429 in the same window: ${s.uncounted}${didWhat(s)}. A request past the key's limit was served, and one polling only ${served.parts.route} would never be refused`,
    exchange: served.x,
    expected: `429 for ${served.parts.route} once the key's count is spent`,
    actual: `${served.status} with X-RateLimit-Remaining ${served.remaining}`,
  };
}

/** The walk's judgement with the uncounted requests served past the limit added (a skip becomes a fail). */
export function withSpent(j: Judgement | string, spent: readonly SpentServed[]): Judgement | string {
  const findings = spent.filter((s) => s.uncounted !== undefined).map(spentFinding);
  if (findings.length === 0) return j;
  if (typeof j === 'string') return judged('', findings.length, findings, [j]);
  return judged(j.observed, j.count, [...j.findings, ...findings], j.notes);
}

// A check's verdict as the text a test runner shows: for a finding, the requirement, what was expected and
// seen, the evidence (the exchanges it cites, redacted) and the curl line that reproduces it. Text only.
import type { CheckResult } from '../lib/check/model.ts';
import type { Exchange } from '../lib/http/transcript.ts';
import { terminalLines } from '../lib/report/text/inert.ts';

/** How much of a cited body the text shows: enough to read an Error object, never a whole list. */
const BODY_CHARS = 300;
const MAX_EXCHANGES = 3;

function exchangeLine(x: Exchange): string {
  const head = `#${x.seq} ${x.request.method} ${x.request.url}`;
  if (!x.response) return `${head} -> no response (${x.error?.code ?? 'error'}: ${x.error?.message ?? ''})`;
  const type = x.response.headers['content-type'];
  const body = x.response.body.replace(/\s+/g, ' ').trim();
  const shown = body.length > BODY_CHARS ? `${body.slice(0, BODY_CHARS)}…` : body;
  return `${head} -> ${x.response.status}${type ? ` (${type})` : ''}${shown ? ` ${shown}` : ''}`;
}

/** The exchanges a finding cites (or, citing none, the first it sent), at most MAX_EXCHANGES. */
function evidence(r: CheckResult): Exchange[] {
  const cited = (r.cited ?? [])
    .map((seq) => r.exchanges.find((x) => x.seq === seq))
    .filter((x): x is Exchange => x !== undefined);
  return (cited.length > 0 ? cited : r.exchanges).slice(0, MAX_EXCHANGES);
}

/** The whole text of a failed (or warned, or errored) check, one fact per line. */
export function findingText(r: CheckResult): string {
  const lines = [
    `${r.id} (${r.level}, ${r.spec}): ${r.message}`,
    `Requirement: ${r.requirement}`,
    ...(r.expected !== undefined ? [`Expected: ${r.expected}`] : []),
    ...(r.actual !== undefined ? [`Actual: ${r.actual}`] : []),
    ...r.details.slice(0, 5).map((d) => `  ${d}`),
    ...(r.property?.replay ? [`Replay: --only ${r.id} ${r.property.replay}`] : []),
  ];
  const shown = evidence(r);
  if (shown.length > 0) lines.push('Evidence:', ...shown.map((x) => `  ${exchangeLine(x)}`));
  if (r.reproduction.length > 0) lines.push('Reproduce:', ...r.reproduction.slice(0, 2).map((c) => `  ${c}`));
  // A test runner prints it to a terminal: each line inert, whatever the target sent.
  return terminalLines(lines);
}

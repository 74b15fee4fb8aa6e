// Where the report came from: suite and commit, digests of the spec text and schemas, Node and platform,
// the times, and the settings and fixtures used (never a key: only whether a second one was given).

import { flagRef } from '../../config/settings.ts';
import type { Report } from '../model.ts';
import { definitionList, esc } from './escape.ts';

export function provenanceHtml(report: Report): string {
  const p = report.provenance;
  const s = report.settings;
  const digest = (d: { file: string; sha256: string | null }) =>
    `<code>${esc(d.file)}</code> ${d.sha256 ? `<code>sha256:${d.sha256}</code>` : '<span class="muted">not found</span>'}`;
  const list = (ids: string[]) => (ids.length > 0 ? `<code>${esc(ids.join(', '))}</code>` : 'none');
  return definitionList([
    [
      'Suite',
      `${esc(report.suite.name)} ${esc(report.suite.version)}${p.commit ? `, commit <code>${esc(p.commit)}</code>${p.dirty ? ' (with local changes)' : ''}` : ' (not a git checkout)'}`,
    ],
    ['Specification', `${esc(report.spec)}<br>${digest(p.specText)}`],
    ['Schemas', p.schemas.map(digest).join('<br>')],
    ['Runtime', `Node ${esc(p.node)} on ${esc(p.platform)} ${esc(p.arch)}`],
    [
      'Run',
      `<code>${esc(report.runId)}</code>: ${esc(report.startedAt)} to ${esc(report.endedAt)} (${(report.durationMs / 1000).toFixed(1)} s)`,
    ],
    [
      'Requests',
      `${report.requests.sent ?? 'unknown'} sent, budget ${report.requests.budget}; every one in <code>transcript.har</code>`,
    ],
    [
      'Settings',
      `seed <code>${s.seed}</code> (replay with <code>${flagRef('seed')} ${s.seed}</code>), timeout ${s.timeoutMs} ms, longest wait ${s.maxWaitSeconds} s, response cap ${s.maxResponseBytes} bytes, ${s.propertyRuns} property runs, ${s.exhaustive ? 'every case (exhaustive)' : 'sampled cases'}, plan ${esc(s.plan ?? 'not given')}, second key ${s.secondApiKey ? 'given' : 'not given'}, burst ${s.burst ? 'on' : 'off'}`,
    ],
    [
      'Fixtures',
      `cancellable orders ${list(s.cancellableOrderIds)}; shipped orders ${list(s.shippedOrderIds)}`,
    ],
    [
      'Integrity',
      '<code>SHA256SUMS</code> beside this file; check with <code>order-store-conformance verify DIR</code>',
    ],
  ]);
}

// A report built the way a run builds it (buildReport), from check results a test makes up: for the tests of
// the report writers, which read a report and nothing else.
import type { CheckResult, Status } from '../../lib/check/model.ts';
import type { SpecRule } from '../../lib/check/rules.ts';
import type { RunConfig } from '../../lib/config/run-config.ts';
import { buildReport } from '../../lib/report/build.ts';
import { newRunId, type Report } from '../../lib/report/model.ts';
import type { RunPlan } from '../../lib/run/plan-checks.ts';

export function result(id: string, status: Status, extra: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: 'Sends something',
    level: status === 'warn' ? 'SHOULD' : 'MUST',
    spec: 'spec §4 cancelOrder rule 3',
    rules: ['4.cancel.r3'],
    requirement: 'When no order has the given orderId, then the response is 404.',
    basis: [
      {
        source: 'spec §4 cancelOrder rule 3',
        text: 'When no order has the given `orderId`, then the response is 404.',
      },
    ],
    suite: id.startsWith('LIST') ? 'List orders' : 'Cancel an order',
    status,
    message: `${status} message`,
    details: [],
    exchanges: [],
    reproduction: [],
    startedAt: '2026-11-22T10:00:00.000Z',
    durationMs: 12,
    ...extra,
  };
}

export const RULES: SpecRule[] = [
  { id: '4.cancel.r3', section: '§4 cancelOrder rule 3', text: '404', kind: 'requirement' },
];

export const PLAN: RunPlan = {
  checks: [],
  fixtures: { uses: [], pending: 0, pendingForAll: 0, shippedBy: [] },
  requests: 3,
  longestWaitSeconds: null,
  probe: 'not selected',
  budgetForAll: 3,
  exhaustive: false,
  sampled: [],
  exhaustiveRequests: 3,
};

export const SETTINGS: RunConfig = {
  baseUrl: 'http://127.0.0.1:1/v1',
  apiKey: 'osk_report_test_key',
  cancellableOrderIds: ['7'],
  shippedOrderIds: [],
  only: [],
  skip: [],
  timeoutMs: 10000,
  maxRequests: 400,
  maxWaitMs: 120_000,
  maxResponseBytes: 1 << 20,
  maxHeaderBytes: 65536,
  seed: 1,
  propertyRuns: 8,
  exhaustive: false,
  skipRateLimitProbe: false,
  burst: false,
  trustOrderList: false,
  allowKeyInUrl: false,
  refusedKeyIsFailure: false,
  consistencySeconds: 0,
  surfaceWindows: 1,
};

export function reportOf(checks: CheckResult[], reasons: string[] = []): Report {
  const facts = {
    runId: newRunId(new Date('2026-11-22T10:00:00Z'), () => 0.5),
    started: new Date('2026-11-22T10:00:00Z'),
    config: SETTINGS,
    embedded: true,
    referenceFaults: [],
    selected: checks.map((c) => c.id),
    rateLimitProbe: 'run' as const,
    rules: RULES,
    catalogue: checks,
    plan: PLAN,
    profile: 'standard' as const,
    failOn: 'fail' as const,
  };
  return buildReport(
    facts,
    { results: checks, reasons, requestsSent: 3, final: true },
    new Date('2026-11-22T10:00:02Z'),
  );
}

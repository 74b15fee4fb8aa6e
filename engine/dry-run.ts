// --dry-run: the plan a run would make from its configuration, printed as the run would open, and nothing
// more: no target is started, reached or sent to, no report written, no fixture consumed.
import type { Config } from '../lib/config/config.ts';
import { planLines } from '../lib/report/console.ts';
import { SUITE } from '../lib/report/model.ts';
import { selection } from './catalogue.ts';
import { accountFixtures, fixtureLines } from './fixtures.ts';
import { refuseUnmetPlan } from './run-plan.ts';

/** The lines of the plan; a configuration a run would refuse is refused the same way (a UsageError). */
export function dryRunLines(config: Config): string[] {
  const selected = selection(config.only, config.skip);
  const fixtures = accountFixtures(config, selected);
  const { plan } = fixtures;
  refuseUnmetPlan(config, plan);
  const target =
    config.target.kind === 'url'
      ? config.target.baseUrl
      : 'the embedded reference server (a demo server on this machine, started only by a real run)';
  return [
    `order-store-conformance ${SUITE.version}: dry run of ${selected.length} ${selected.length === 1 ? 'check' : 'checks'} against ${target}`,
    `  nothing is sent and no report is written; request budget ${config.maxRequests}`,
    ...planLines(plan, config.maxRequests),
    ...fixtureLines(fixtures),
  ];
}

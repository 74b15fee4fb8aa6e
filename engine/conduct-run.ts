// A conformance run from a checked configuration: the selection (once), the fixtures, the plan, the target,
// then the one conductor (conduct.ts) over a source that sends (live-source.ts). The engine under both faces
// (cli/ and api/); never exits the process, installs no signal handler.
import type { Config } from '../lib/config/config.ts';
import { selection } from './catalogue.ts';
import { type Conducted, type ConductOptions, conduct } from './conduct.ts';
import { accountFixtures } from './fixtures.ts';
import { commandSource, type FixtureSource } from './fixtures-command.ts';
import { mintFixtures } from './fixtures-mint.ts';
import { LiveSource, type StopOptions } from './live-source.ts';
import { readBaseline, runFacts } from './run-facts.ts';
import { refuseUnmetPlan } from './run-plan.ts';
import { resolveTarget } from './run-target.ts';

export type { Conducted } from './conduct.ts';
export { INTERRUPTED } from './stop.ts';

/** How one run is conducted: how it is reported, what stops it, where its fixtures come from. */
export interface RunOptions extends ConductOptions, Omit<StopOptions, 'failFast'> {
  /** Mints the run's fixtures before the first request (the API's function); config.fixturesCommand otherwise. */
  fixtures?: FixtureSource;
}

/**
 * One run, from a checked Config to its report; never exits the process and installs no signal handler.
 * A configuration error it finds before sending (selection, certification, baseline, target) throws a
 * UsageError.
 */
export async function conductRun(config: Config, options: RunOptions): Promise<Conducted> {
  // The selection and the plan come first: a certification run that cannot evaluate every check is refused
  // before anything is sent (or even connected to).
  const selected = selection(config.only, config.skip);
  // Fixtures minted for this run (a command or the API's function) stand in for the ids given.
  const source =
    options.fixtures ??
    (config.fixturesCommand
      ? commandSource(config.fixturesCommand, [
          ...(config.target.kind === 'url' ? [config.target.apiKey] : []),
          ...(config.secondApiKey ? [config.secondApiKey] : []),
        ])
      : undefined);
  const minted = source ? await mintFixtures(config, selected, source) : undefined;
  // The plan is made with the pending fixtures no earlier run consumed (a run that would need one is refused).
  const fixtures = accountFixtures(minted?.config ?? config, selected, minted?.note);
  const { plan } = fixtures;
  refuseUnmetPlan(config, plan);
  const baseline = readBaseline(config);
  const target = await resolveTarget(fixtures.config);
  try {
    const facts = runFacts(fixtures.config, target, selected, plan, baseline);
    const live = new LiveSource(facts, target, config.reportDir, fixtures, {
      ...options,
      failFast: config.failFast,
    });
    return await conduct(live, options);
  } finally {
    await target.close();
  }
}

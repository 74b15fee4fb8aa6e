// Asks a fixtures source (engine/fixtures-command.ts) for this run's fixtures, as many pending orders as the
// plan would take with every check, and hands back the configuration with them in place of the ids given.
import type { Config } from '../lib/config/config.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { PlanCheck } from '../lib/run/plan-checks.ts';
import type { FixtureSource } from './fixtures-command.ts';
import { mintedOf } from './fixtures-command.ts';
import { planFor } from './run-plan.ts';

/** What was asked for and what came back, for the plan's opening lines and the store model. */
export interface MintNote {
  needed: number;
  /** The pending ids minted for this run: fresh by the source's word, so shown pending. */
  pending: string[];
  shipped: number;
}

export async function mintFixtures(
  config: Config,
  selected: readonly PlanCheck[],
  source: FixtureSource,
): Promise<{ config: Config; note: MintNote }> {
  const needed = planFor(config, selected, 0, config.shippedOrderIds.length).fixtures.pendingForAll;
  let got: ReturnType<typeof mintedOf>;
  try {
    // A function of the API's caller may answer anything: it is checked as a command's output is.
    got = mintedOf(await source(needed), 'the fixtures function');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const line = errorMessage(e).split('\n')[0]!.slice(0, 200);
    throw new UsageError(`the fixtures function failed: ${JSON.stringify(line)}; nothing was sent`);
  }
  const cancellable = got.cancellable ? [...new Set(got.cancellable)] : config.cancellableOrderIds;
  const shipped = got.shipped ? [...new Set(got.shipped)] : config.shippedOrderIds;
  return {
    config: { ...config, cancellableOrderIds: cancellable, shippedOrderIds: shipped },
    note: { needed, pending: got.cancellable ? cancellable : [], shipped: shipped.length },
  };
}

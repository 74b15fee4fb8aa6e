// The conformance suites in the order they run: the spec's contents page, except that the rate-limit probe
// runs after every other sender but the state-over-time look (which waits out a window, as the probe does),
// and the whole-run checks last, when the transcript is complete.
import type { Conformance } from '../lib/run/run.ts';
import { authentication } from './auth.ts';
import { cancelOrder } from './cancel-order.ts';
import { deprecatedPets } from './deprecated-pets.ts';
import { errorBodies } from './error-bodies.ts';
import { everyResponse } from './every/checks.ts';
import { framing } from './framing.ts';
import { listOrders } from './list-orders.ts';
import { orderIdProperties } from './order-id/checks.ts';
import { rateLimitBuckets } from './rate-limit-buckets/checks.ts';
import { rateLimitHeadersSuite } from './rate-limit-headers.ts';
import { rateLimitProbe } from './rate-limit-probe/checks.ts';
import { bindSuites, type Ctx } from './shared/context.ts';
import { stateOverTime } from './state-over-time/checks.ts';
import { versioning } from './versioning.ts';

export const SUITES = [
  listOrders,
  cancelOrder,
  orderIdProperties,
  authentication,
  deprecatedPets,
  versioning,
  rateLimitProbe,
  stateOverTime,
  errorBodies,
  everyResponse,
  rateLimitHeadersSuite,
  rateLimitBuckets,
  framing,
];

export const ALL_CHECKS = SUITES.flatMap((s) => s.checks.map((c) => ({ ...c, suite: s.title })));

/** What the command hands to the run: the suites, and how they bind to it. */
export const CONFORMANCE: Conformance<Ctx> = { suites: SUITES, bind: bindSuites };

// What a conformance run hands to the checks: the resolved target and the options they act on. It crosses
// from the command's process to the vitest worker, so it is plain JSON.
import type { Plan } from './config.ts';

export interface RunSettings {
  baseUrl: string;
  apiKey: string;
  secondApiKey?: string;
  cancellableOrderIds: string[];
  shippedOrderIds: string[];
  only: string[];
  skip: string[];
  timeoutMs: number;
  maxRequests: number;
  maxWaitMs: number;
  maxResponseBytes: number;
  seed: number;
  propertyRuns: number;
  replayPath?: { checkId: string; path: string };
  skipRateLimitProbe: boolean;
  plan?: Plan;
  burst: boolean;
}

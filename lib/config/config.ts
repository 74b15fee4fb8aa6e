// What a run is configured with, as loadConfig (load.ts) returns it: types and the allowed values of the
// enumerated settings. Declarations only: nothing here reads the environment or checks a value.

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const PROFILES = ['standard', 'certification'] as const;
export type Profile = (typeof PROFILES)[number];
export const FAIL_ON = ['fail', 'warn'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export type TargetConfig =
  | { kind: 'url'; baseUrl: string; apiKey: string }
  | { kind: 'embedded'; faults: string[]; variants: string[] };

export interface Config {
  target: TargetConfig;
  secondApiKey?: string;
  cancellableOrderIds: string[];
  shippedOrderIds: string[];
  reportDir: string;
  only: string[];
  skip: string[];
  list: boolean;
  help: boolean;
  timeoutMs: number;
  maxRequests: number;
  maxWaitMs: number;
  maxResponseBytes: number;
  seed: number;
  propertyRuns: number;
  /** Every case of the sampling operators, not the default sample (--exhaustive). */
  exhaustive: boolean;
  replayPath?: { checkId: string; path: string };
  /** How long lists may lag a cancel, as the server declares (--consistency-seconds; 0: read-your-writes). */
  consistencySeconds: number;
  skipRateLimitProbe: boolean;
  plan?: Plan;
  burst: boolean;
  /** certification: every check must run (a MUST the configuration leaves out is refused before sending). */
  profile: Profile;
  /** warn: a SHOULD warning fails the run too. */
  failOn: FailOn;
  /** A baseline file of known failures (absolute path), and whether a stale entry is tolerated. */
  baseline?: string;
  allowStaleBaseline: boolean;
  /** Whether the run is in CI (the CI variable is set): a run without a target must then say --embedded. */
  ci: boolean;
  /** Under GitHub Actions: `::error` annotations, and the file report.md is appended to (job summary). */
  githubActions: boolean;
  githubStepSummary?: string;
  /** The order list may be trusted to hold every order (embedded target, or --trust-order-list). */
  trustOrderList: boolean;
  /** The live key may go into a URL to a non-loopback target (--allow-key-in-url). */
  allowKeyInUrl: boolean;
  /** A 401 to the first request with the key is judged, not a configuration error (--refused-key-is-failure). */
  refusedKeyIsFailure: boolean;
  /** Things worth saying that do not stop the run (plain http to a remote host, ignored settings). */
  warnings: string[];
  envFile?: string;
}

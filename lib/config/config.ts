// What a run is configured with, as loadConfig (load.ts) returns it: types and the allowed values of the
// enumerated settings. Declarations only: nothing here reads the environment or checks a value.
import type { SettingKey } from './settings.ts';

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const PROFILES = ['standard', 'certification'] as const;
export type Profile = (typeof PROFILES)[number];
export const FAIL_ON = ['fail', 'warn'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export const REPORT_FORMATS = ['json', 'junit', 'html', 'md', 'har'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The floor of MUST checks a run must evaluate to pass its gate (--min-must-evaluated). */
export type MustFloor =
  | { kind: 'count'; value: number }
  | { kind: 'percent'; value: number }
  | { kind: 'all' }
  /** Every MUST the plan runs: one it promised and that did not reach a verdict fails the gate. */
  | { kind: 'planned' };

/** The proxies the environment names (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, in either case), as undici reads them. */
export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

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
  /** Print the plan and exit; nothing is sent (--dry-run). */
  dryRun: boolean;
  /** Stop after the first MUST failure (--fail-fast). */
  failFast: boolean;
  /** Only the closing summary on the console (--quiet). */
  quiet: boolean;
  /** Each check's requirement, evidence and reproduction under its line (--verbose). */
  verbose: boolean;
  help: boolean;
  timeoutMs: number;
  maxRequests: number;
  maxWaitMs: number;
  maxResponseBytes: number;
  /** The largest response header section read (--max-header-bytes). */
  maxHeaderBytes: number;
  /** A PEM file of certificates trusted besides Node's roots (--ca-file), as an absolute path. */
  caFile?: string;
  seed: number;
  propertyRuns: number;
  /** Every case of the sampling operators, not the default sample (--exhaustive). */
  exhaustive: boolean;
  /** Rate-limit windows the request-surface property may spread over (--surface-windows). */
  surfaceWindows: number;
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
  /** The live key may go into a URL (--allow-key-in-url; the embedded target's demo key always may). */
  allowKeyInUrl: boolean;
  /** A 401 to the first request with the key is judged, not a configuration error (--refused-key-is-failure). */
  refusedKeyIsFailure: boolean;
  /** Things worth saying that do not stop the run (plain http to a remote host, ignored settings). */
  warnings: string[];
  envFile?: string;
  /**
   * The pending fixtures shown pending before the run sends (minted for it, left pending by an earlier run, the
   * embedded server's own): only these are evidence against the server when a refusal seems to change them.
   */
  shownPending?: string[];
  /** The command that mints the run's fixtures (--fixtures-command), with the environment and folder it runs in. */
  fixturesCommand?: FixturesCommand;
  /** The fixtures ledger file (absolute), or undefined when off; the default is in the report directory. */
  fixturesLedger?: string;
  /** The gate's floor of MUST checks evaluated (--min-must-evaluated; `planned` by default in CI). */
  minMustEvaluated?: MustFloor;
  /** Seconds to wait for the target to accept connections (--wait-for-target). */
  waitForTargetSeconds: number;
  /** Extra request headers (--header), in the order given; never Authorization. */
  headers: Array<[string, string]>;
  /** The files the run folder gets (report.json always among them). */
  reports: ReportFormat[];
  /** Where junit.xml is also written (absolute), when asked. */
  junitPath?: string;
  /** The proxies the environment names, when any. */
  proxy?: ProxySettings;
  /** The settings given a value (by flag, variable, env file or the API's object), whatever it is. */
  chosen: SettingKey[];
}

/** A fixtures command: its text (for /bin/sh), the user's own environment (never one a key was added to), its folder. */
export interface FixturesCommand {
  command: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

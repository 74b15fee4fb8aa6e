// The catalogue of settings: flag, environment twin, default, meaning. load.ts parses them; --help,
// docs/settings.md (generated) and .env.example are checked against this list by the tests: the one source of truth.
import { ref } from './setting-ref.ts';

/** `headers`: a flag given once per value, one value per line in its variable. */
export type SettingKind = 'string' | 'integer' | 'boolean' | 'list' | 'headers';

export interface Setting {
  /** Key in the parsed options. */
  key: string;
  flag: string;
  env: string;
  kind: SettingKind;
  /** The default as a user would write it; '' when there is none. */
  default: string;
  help: string;
  /** The values it takes, when they are a fixed set (each item of a list); the API types them as a union. */
  values?: readonly string[];
  /** A one-letter flag that means the same (`-h`). */
  short?: string;
}

export const SETTINGS = [
  {
    key: 'baseUrl',
    flag: '--base-url',
    env: 'ORDER_STORE_BASE_URL',
    kind: 'string',
    default: '',
    help: 'Target base URL; its path must end in /v1 (spec §9 rule 1). Unset: the embedded reference server is started and tested.',
  },
  {
    key: 'apiKey',
    flag: '--api-key',
    env: 'ORDER_STORE_API_KEY',
    kind: 'string',
    default: '',
    help: 'Bearer API key for the target (required with ⟦flag:baseUrl⟧). Never printed or written. Give it in the environment or an env file: as a flag it shows in the process list (a warning says so).',
  },
  {
    key: 'cancellableOrderIds',
    flag: '--cancellable-order-ids',
    env: 'ORDER_STORE_CANCELLABLE_ORDER_IDS',
    kind: 'list',
    default: '',
    help: 'Comma-separated pending orders the run may cancel. Unset: no order is ever cancelled and the checks that need one are skipped.',
  },
  {
    key: 'shippedOrderIds',
    flag: '--shipped-order-ids',
    env: 'ORDER_STORE_SHIPPED_ORDER_IDS',
    kind: 'list',
    default: '',
    help: 'Comma-separated orders known to have shipped (for the 409 checks).',
  },
  {
    key: 'fixturesCommand',
    flag: '--fixtures-command',
    env: 'ORDER_STORE_FIXTURES_COMMAND',
    kind: 'string',
    default: '',
    help: 'A command (run by /bin/sh before the first request) that mints this run\'s fixtures and prints them as JSON {"cancellable": [ids], "shipped": [ids]}; it gets the number of pending orders the plan needs as an argument after the command\'s own (its first, for a command given alone) and in ORDER_STORE_FIXTURES_NEEDED, and the environment the run was given (no key is added). Its ids replace those of ⟦flag:cancellableOrderIds⟧ and ⟦flag:shippedOrderIds⟧ (a list it leaves out keeps the given one). A failing or malformed command: exit 2, nothing sent.',
  },
  {
    key: 'reportDir',
    flag: '--report-dir',
    env: 'ORDER_STORE_REPORT_DIR',
    kind: 'string',
    default: 'reports',
    help: 'Where reports/<run-id>/ and reports/latest are written.',
  },
  {
    key: 'only',
    flag: '--only',
    env: 'ORDER_STORE_ONLY',
    kind: 'list',
    default: '',
    help: 'Run only the checks whose id starts with one of these comma-separated prefixes.',
  },
  {
    key: 'skip',
    flag: '--skip',
    env: 'ORDER_STORE_SKIP',
    kind: 'list',
    default: '',
    help: 'Leave out the checks whose id starts with one of these comma-separated prefixes.',
  },
  {
    key: 'list',
    flag: '--list',
    env: 'ORDER_STORE_LIST',
    kind: 'boolean',
    default: 'false',
    help: 'Print every check (id, level, spec rules, spec reference, title) and exit; sends nothing.',
  },
  {
    key: 'dryRun',
    flag: '--dry-run',
    env: 'ORDER_STORE_DRY_RUN',
    kind: 'boolean',
    default: 'false',
    help: 'Print the plan (the checks to run, those left out and why, the requests and waits it may take) and exit 0; sends nothing, writes no report.',
  },
  {
    key: 'quiet',
    flag: '--quiet',
    env: 'ORDER_STORE_QUIET',
    kind: 'boolean',
    default: 'false',
    help: 'Print only the closing summary (verdict, counts, failures, where the reports are): no plan, no line per check, no waits. Warnings still go to stderr.',
  },
  {
    key: 'verbose',
    flag: '--verbose',
    env: 'ORDER_STORE_VERBOSE',
    kind: 'boolean',
    default: 'false',
    help: "Under each check's line, its requirement, expected and actual, details and a reproduction (the key as a variable).",
  },
  {
    key: 'failFast',
    flag: '--fail-fast',
    env: 'ORDER_STORE_FAIL_FAST',
    kind: 'boolean',
    default: 'false',
    help: 'Stop after the first MUST failure: the report is still written, marked incomplete (stopped early).',
  },
  {
    key: 'timeoutMs',
    flag: '--timeout-ms',
    env: 'ORDER_STORE_TIMEOUT_MS',
    kind: 'integer',
    default: '10000',
    help: 'Per-request timeout for connecting, for the headers and between body chunks; every exchange also ends within 3x this, whole body included. A request that outlasts either ends its check in error.',
  },
  {
    key: 'maxRequests',
    flag: '--max-requests',
    env: 'ORDER_STORE_MAX_REQUESTS',
    kind: 'integer',
    default: '400',
    help: 'Request budget of the whole run; never exceeded (checks that would exceed it are skipped).',
  },
  {
    key: 'maxWaitSeconds',
    flag: '--max-wait-seconds',
    env: 'ORDER_STORE_MAX_WAIT_SECONDS',
    kind: 'integer',
    default: '120',
    help: 'Longest single wait for a rate-limit reset or Retry-After; a longer one stops the run as incomplete.',
  },
  {
    key: 'maxResponseBytes',
    flag: '--max-response-bytes',
    env: 'ORDER_STORE_MAX_RESPONSE_BYTES',
    kind: 'integer',
    default: '134217728',
    help: 'Largest response body read; a bigger one ends its check in error (the run is incomplete), never a failure of the target.',
  },
  {
    key: 'maxHeaderBytes',
    flag: '--max-header-bytes',
    env: 'ORDER_STORE_MAX_HEADER_BYTES',
    kind: 'integer',
    default: '65536',
    help: "Largest response header section read (field names and values); a bigger one ends its check in error as 'the headers exceed N KiB' (the run is incomplete), never a failure of the target.",
  },
  {
    key: 'caFile',
    flag: '--ca-file',
    env: 'ORDER_STORE_CA_FILE',
    kind: 'string',
    default: '',
    help: "PEM file of certificates to trust besides Node's own (a target on a private or self-signed CA); NODE_EXTRA_CA_CERTS works too.",
  },
  {
    key: 'seed',
    flag: '--seed',
    env: 'ORDER_STORE_SEED',
    kind: 'integer',
    default: '',
    help: 'Seed of the property-based checks and of every random choice (default: random, printed and recorded).',
  },
  {
    key: 'propertyRuns',
    flag: '--property-runs',
    env: 'ORDER_STORE_PROPERTY_RUNS',
    kind: 'integer',
    default: '6',
    help: 'Generated cases per orderId property, after the explicit edge cases.',
  },
  {
    key: 'exhaustive',
    flag: '--exhaustive',
    env: 'ORDER_STORE_EXHAUSTIVE',
    kind: 'boolean',
    default: 'false',
    help: 'Send every case of the operators that sample (key placements, path spellings, orderId spellings and the like) instead of the default sample, which rotates by ⟦flag:seed⟧ and fits a Free-plan minute; the plan says what each adds. Spends more requests and may wait out rate-limit windows.',
  },
  {
    key: 'surfaceWindows',
    flag: '--surface-windows',
    env: 'ORDER_STORE_SURFACE_WINDOWS',
    kind: 'integer',
    default: '1',
    help: "How many of the key's rate-limit windows HTTP-SURFACE-PROPERTY may spread its cases over: it sends only into the room a window has left (never past X-RateLimit-Remaining 0) and waits each further window out as the rate-limit probe does. 1: the current window only, no wait. With ⟦flag:exhaustive⟧ it sends the whole surface, so raise this to cover it on a Free plan.",
  },
  {
    key: 'consistencySeconds',
    flag: '--consistency-seconds',
    env: 'ORDER_STORE_CONSISTENCY_SECONDS',
    kind: 'integer',
    default: '0',
    help: "How long the server declares its lists may lag a cancel (eventual consistency): a list read within this many seconds of a cancel may still show the order as before. The report says how long lists lagged. 0: read-your-writes, the spec's reading (STATE-LIST-AFTER-CANCEL).",
  },
  {
    key: 'replayPath',
    flag: '--replay-path',
    env: 'ORDER_STORE_REPLAY_PATH',
    kind: 'string',
    default: '',
    help: 'CHECK-ID:PATH of a property counterexample to replay (with the same ⟦flag:seed⟧).',
  },
  {
    key: 'skipRateLimitProbe',
    flag: '--skip-rate-limit-probe',
    env: 'ORDER_STORE_SKIP_RATE_LIMIT_PROBE',
    kind: 'boolean',
    default: 'false',
    help: 'Leave out the rate-limit probe (the verdict then says so).',
  },
  {
    key: 'plan',
    flag: '--plan',
    env: 'ORDER_STORE_PLAN',
    kind: 'string',
    default: '',
    values: ['free', 'pro', 'business', 'enterprise'],
    help: "The key's plan (free, pro, business, enterprise): X-RateLimit-Limit must match its spec §8 limit.",
  },
  {
    key: 'secondApiKey',
    flag: '--second-api-key',
    env: 'ORDER_STORE_SECOND_API_KEY',
    kind: 'string',
    default: '',
    help: 'A second key: the probe checks that exhausting the first leaves it untouched (limits are per key).',
  },
  {
    key: 'burst',
    flag: '--burst',
    env: 'ORDER_STORE_BURST',
    kind: 'boolean',
    default: 'false',
    help: 'Opt-in: right after a reset, bring the window to Limit + 1 requests with one concurrent burst; at most Limit may succeed. Spends quota.',
  },
  {
    key: 'trustOrderList',
    flag: '--trust-order-list',
    env: 'ORDER_STORE_TRUST_ORDER_LIST',
    kind: 'boolean',
    default: 'false',
    help: 'Opt-in: trust that the order list holds every order, so ids near listed ones (0, 1, -1 included) may be cancelled as absent. Off: only ids far outside the list, never after signs of paging. On by itself when the run starts its own reference server.',
  },
  {
    key: 'allowKeyInUrl',
    flag: '--allow-key-in-url',
    env: 'ORDER_STORE_ALLOW_KEY_IN_URL',
    kind: 'boolean',
    default: 'false',
    help: 'Opt-in: let AUTH-QUERY-KEY-401 put the live key in a query string (URLs reach access logs and proxies, a tunnel behind localhost included). Off: the plan leaves that check out, except against the embedded target.',
  },
  {
    key: 'refusedKeyIsFailure',
    flag: '--refused-key-is-failure',
    env: 'ORDER_STORE_REFUSED_KEY_IS_FAILURE',
    kind: 'boolean',
    default: 'false',
    help: "Opt-in, to certify a server that refuses every key: a 401 to the first request with the API key is judged as the target's failure. Off: it stops the run before judging, a configuration error (exit 2) naming ⟦var:apiKey⟧.",
  },
  {
    key: 'referenceFaults',
    flag: '--reference-faults',
    env: 'ORDER_STORE_REFERENCE_FAULTS',
    kind: 'list',
    default: '',
    help: 'Embedded target only: switch on these named faults of the reference server (see npm run reference -- --list-faults).',
  },
  {
    key: 'embedded',
    flag: '--embedded',
    env: 'ORDER_STORE_EMBEDDED',
    kind: 'boolean',
    default: 'false',
    help: 'Test the embedded reference server. Needed when CI is set: a CI job with no ⟦flag:baseUrl⟧ is a configuration error, never a silent run against the demo server.',
  },
  {
    key: 'profile',
    flag: '--profile',
    env: 'ORDER_STORE_PROFILE',
    kind: 'string',
    default: 'standard',
    values: ['standard', 'certification'],
    help: 'standard, or certification: every check must run, so a MUST the configuration leaves unevaluated is a configuration error (exit 2) before anything is sent, and any skip makes the run incomplete.',
  },
  {
    key: 'failOn',
    flag: '--fail-on',
    env: 'ORDER_STORE_FAIL_ON',
    kind: 'string',
    default: 'fail',
    values: ['fail', 'warn'],
    help: 'fail (a broken MUST fails the run), or warn (a SHOULD warning fails it too, exit 1).',
  },
  {
    key: 'baseline',
    flag: '--baseline',
    env: 'ORDER_STORE_BASELINE',
    kind: 'string',
    default: '',
    help: 'A baseline file of known failures (write one with `order-store-conformance baseline write REPORT`): a listed failure is reported as known and does not fail the run; a listed check that now passes does (stale baseline).',
  },
  {
    key: 'allowStaleBaseline',
    flag: '--allow-stale-baseline',
    env: 'ORDER_STORE_ALLOW_STALE_BASELINE',
    kind: 'boolean',
    default: 'false',
    help: 'A baseline entry whose check now passes is reported, not a failure.',
  },
  {
    key: 'referenceVariants',
    flag: '--reference-variants',
    env: 'ORDER_STORE_REFERENCE_VARIANTS',
    kind: 'list',
    default: '',
    help: 'Embedded target only: switch on these named variants of the reference server, choices the spec allows (see npm run reference -- --list-variants).',
  },
  {
    key: 'har',
    flag: '--har',
    env: 'ORDER_STORE_HAR',
    kind: 'list',
    default: '',
    help: "judge only: HAR 1.2 recordings to judge (browser devtools, Playwright recordHar, mitmproxy, this suite's transcript.har); repeat ⟦flag:har⟧ or separate with commas. Nothing is sent.",
  },
  {
    key: 'target',
    flag: '--target',
    env: 'ORDER_STORE_PROXY_TARGET',
    kind: 'string',
    default: '',
    help: 'proxy only: the server every request is forwarded to, unchanged (http or https).',
  },
  {
    key: 'proxyHost',
    flag: '--host',
    env: 'ORDER_STORE_PROXY_HOST',
    kind: 'string',
    default: '127.0.0.1',
    help: 'proxy only: the address it listens on (0.0.0.0 to take requests from other hosts or containers).',
  },
  {
    key: 'proxyPort',
    flag: '--port',
    env: 'ORDER_STORE_PROXY_PORT',
    kind: 'integer',
    default: '8081',
    help: 'proxy only: the port it listens on (0 picks a free one, printed at start).',
  },
  {
    key: 'duration',
    flag: '--duration',
    env: 'ORDER_STORE_PROXY_DURATION',
    kind: 'integer',
    default: '',
    help: 'proxy only: stop after this many seconds and write the reports (default: at Ctrl-C or SIGTERM).',
  },
  {
    key: 'requests',
    flag: '--requests',
    env: 'ORDER_STORE_PROXY_REQUESTS',
    kind: 'integer',
    default: '',
    help: 'proxy only: stop after forwarding this many requests and write the reports.',
  },
  {
    key: 'fixturesLedger',
    flag: '--fixtures-ledger',
    env: 'ORDER_STORE_FIXTURES_LEDGER',
    kind: 'string',
    default: '',
    help: 'The ledger of pending fixtures earlier runs consumed, per target: a run never takes one of them for a pending order (exit 2 when it would need one). Unset: fixtures-ledger.json in ⟦flag:reportDir⟧; off: no ledger. A pipeline with a pool of fixtures caches this file between jobs.',
  },
  {
    key: 'minMustEvaluated',
    flag: '--min-must-evaluated',
    env: 'ORDER_STORE_MIN_MUST_EVALUATED',
    kind: 'string',
    default: '',
    help: 'The fewest MUST checks the run must evaluate to pass: N, N% of those selected, all, or planned (every MUST the plan runs). Too few in the plan: exit 2 before sending; too few at the end: exit 3. Unset: planned when CI is set, no floor otherwise.',
  },
  {
    key: 'waitForTarget',
    flag: '--wait-for-target',
    env: 'ORDER_STORE_WAIT_FOR_TARGET',
    kind: 'integer',
    default: '0',
    help: 'Seconds to wait for the target to accept connections (a server still starting); it is tried every second. Not reached by then: exit 4.',
  },
  {
    key: 'headers',
    flag: '--header',
    env: 'ORDER_STORE_HEADERS',
    kind: 'headers',
    default: '',
    help: '"Name: value" sent with every request (a gateway\'s header); repeat the flag, or one per line in the variable. Never Authorization, Host or framing headers; the value of a name that looks secret (token, key, secret, auth, cookie, session, password, signature) is never printed or written (a curl line carries $ORDER_STORE_HEADER_<NAME> in its place).',
  },
  {
    key: 'reports',
    flag: '--reports',
    env: 'ORDER_STORE_REPORTS',
    kind: 'list',
    default: 'json,junit,html,md,har',
    values: ['json', 'junit', 'html', 'md', 'har'],
    help: 'The files of the run folder: json (report.json, always written), junit, html, md, har; SHA256SUMS covers them.',
  },
  {
    key: 'junitPath',
    flag: '--junit-path',
    env: 'ORDER_STORE_JUNIT_PATH',
    kind: 'string',
    default: '',
    help: 'Also write junit.xml at this path, a fixed place for CI to read (relative to the working directory).',
  },
  {
    key: 'envFile',
    flag: '--env-file',
    env: 'ORDER_STORE_ENV_FILE',
    kind: 'string',
    default: '.env',
    help: 'A dotenv file to read (the default is read only when present); real environment variables win.',
  },
  {
    key: 'help',
    flag: '--help',
    env: 'ORDER_STORE_HELP',
    kind: 'boolean',
    default: 'false',
    short: 'h',
    help: 'Print this help and exit (also -h).',
  },
] as const satisfies readonly Setting[];

export type SettingKey = (typeof SETTINGS)[number]['key'];

/** The row declared under `key`. */
export function settingOf(key: SettingKey): Setting {
  return SETTINGS.find((s) => s.key === key)!;
}

/** The setting named in a message as data (setting-ref.ts): the command prints `--flag / ENV`, the API the key. */
export function settingRef(key: SettingKey): string {
  return ref('setting', key);
}

/** Named as a configuration error names it: the command prints `ENV (--flag)`. */
export function envRef(key: SettingKey): string {
  return ref('env', key);
}

/** Its switch alone: the command prints `--flag`. */
export function flagRef(key: SettingKey): string {
  return ref('flag', key);
}

/** Its variable alone: the command prints `ENV`. */
export function varRef(key: SettingKey): string {
  return ref('var', key);
}

/**
 * How a reason to act names a setting: a token the command prints as `--flag / ENV_VARIABLE` and the API as the
 * key (setting-ref.ts); the message carries the setting, each face its words.
 */
export function flagAndEnv(key: SettingKey): string {
  return settingRef(key);
}

/** How a configuration error names a setting: a token the command prints as `ENV_VARIABLE (--flag)`. */
export function envAndFlag(key: SettingKey): string {
  return envRef(key);
}

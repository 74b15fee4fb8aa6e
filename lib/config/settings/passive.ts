// The settings of the passive commands, judge (recorded traffic) and proxy (live traffic forwarded): no run
// of checks sends anything under them. Rows only (settings.ts assembles them).
import type { Setting } from './row.ts';

export const PASSIVE_SETTINGS = [
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
] as const satisfies readonly Setting[];

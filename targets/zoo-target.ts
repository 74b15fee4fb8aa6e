// What a zoo target is: an independent Order Store implementation on a real stack, described as data (its
// stack, what the machine must have, how to start it, its real misconfigurations and the checks that catch
// them). Test support only: nothing in lib/, suites/ or cli/ imports targets/.
import { createServer } from 'node:net';

/** A program the target needs on the machine (python3, javac); missing, the target is skipped with `hint`. */
export interface Requirement {
  command: string;
  /** `--version` style arguments that prove it runs (or that it has the libraries the target imports). */
  versionArgs: string[];
  /** What is missing when the probe fails, if not the command itself: "Flask for /usr/bin/python3". */
  what?: string;
  hint: string;
}

/** How to start the target: a program and its arguments, run with the ZOO_* environment (targets/README.md). */
export interface Launch {
  file: string;
  args: string[];
  cwd?: string;
}

/** A real way to ship the stack wrong, switched on with ZOO_MISCONFIG=<name>. */
export interface Misconfig {
  /** What the implementer did, in the stack's own words (the option, the default left in place). */
  description: string;
  /** Checks that must end `fail` under it (MUST). */
  fails?: string[];
  /** Checks that must end `warn` under it (SHOULD). */
  warns?: string[];
  /** Extra conformance-command arguments the run needs (e.g. --skip-rate-limit-probe when it is not about limits). */
  args?: string[];
  /**
   * Checks that should catch it and stay silent (a miss of the suite), each with what the server did: recorded
   * for the suite's fix, not asserted (a miss may depend on timing).
   */
  misses?: Record<string, string>;
}

/** One way to run the conformant target (the default, or with a stack option: IPv6, a deeper base path...). */
export interface Flavour {
  /** Appended to the target id in test names: 'ipv6', 'https-deep-path'. */
  name: string;
  /** Extra ZOO_* variables for the target. */
  env: Record<string, string>;
  /** Environment the conformance command needs to reach it (NODE_EXTRA_CA_CERTS for a test certificate). */
  commandEnv?: Record<string, string>;
  /** Why this machine cannot run the flavour (no IPv6 loopback), or undefined; the runner skips and says so. */
  unavailable?: () => Promise<string | undefined>;
}

export interface ZooTarget {
  /** The folder name under targets/, e.g. 'express'. */
  id: string;
  /** The stack and its versions, e.g. 'Express 5 + express-rate-limit 8'. */
  stack: string;
  requires?: Requirement[];
  /** Builds what must be built (javac into a temporary folder), once per process, and says how to start it. */
  launch(): Promise<Launch>;
  /** Further conformant ways to run it; the plain run is always tried. */
  flavours?: Flavour[];
  /** Misconfigurations, by the name ZOO_MISCONFIG takes. */
  misconfigs: Record<string, Misconfig>;
  /**
   * The zoo window's length for this target, when the compressed 3 s would end inside the burst's Limit + 1
   * requests (a stack that serves them slowly): the Free plan's 60 requests, over this many seconds.
   */
  windowSeconds?: number;
}

/** Why this machine cannot bind the IPv6 loopback ::1 (for an IPv6 flavour's `unavailable`), or undefined. */
export function ipv6Loopback(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(`no IPv6 loopback here (::1: ${err.code})`));
    probe.listen(0, '::1', () => probe.close(() => resolve(undefined)));
  });
}

/** The flavour that moves a target to ::1 and a deeper base path at once (both are transport, not probe). */
export const IPV6_DEEP_PATH: Flavour = {
  name: 'ipv6-deep-path',
  env: { ZOO_HOST: '::1', ZOO_BASE_PATH: '/api/store/v1' },
  unavailable: ipv6Loopback,
};

export function defineTarget(t: ZooTarget): ZooTarget {
  if (!/^[a-z0-9-]+$/.test(t.id)) throw new Error(`zoo target id ${t.id} must be kebab-case`);
  for (const [name, m] of Object.entries(t.misconfigs)) {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`misconfig ${t.id}/${name} must be kebab-case`);
    if (!m.fails?.length && !m.warns?.length) throw new Error(`misconfig ${t.id}/${name} names no check`);
  }
  return t;
}

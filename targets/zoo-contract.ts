// The zoo contract (targets/README.md) as the TypeScript targets share it: the ZOO_* environment read once,
// the seed, the client a request is charged to (a key's label or an address) and the ban watch of spec §8
// rule 5 with its `ZOO early` / `ZOO ban` lines. Each stack's own code stays in its folder; never prints a key.
import { readFileSync } from 'node:fs';

export interface ZooEnv<M extends string = string> {
  host: string;
  port: number;
  basePath: string;
  keys: string[];
  seedFile: string;
  rateLimit: number;
  windowSeconds: number;
  banSeconds: number;
  banAfter: number;
  /** undefined for the conformant server, else one of the target's misconfigurations. */
  misconfig: M | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/**
 * Reads the ZOO_* variables. What the target cannot run (an unknown ZOO_MISCONFIG, a host that is not
 * loopback, a bad number) ends the process with exit 2 and one line on stderr, before anything listens.
 */
export function readZooEnv<M extends string>(
  target: string,
  misconfigs: readonly M[],
  env: NodeJS.ProcessEnv = process.env,
): ZooEnv<M> {
  const fail = (message: string): never => {
    console.error(`${target} target: ${message}`);
    process.exit(2);
  };
  const whole = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min) fail(`${name} must be a whole number >= ${min}`);
    return Number(raw);
  };
  const misconfig = env.ZOO_MISCONFIG ?? '';
  if (misconfig !== '' && !(misconfigs as readonly string[]).includes(misconfig))
    fail(`unknown ZOO_MISCONFIG "${misconfig}"; known: ${misconfigs.join(', ')}`);
  const host = env.ZOO_HOST || '127.0.0.1';
  if (!LOOPBACK.has(host)) fail('ZOO_HOST must be a loopback address (127.0.0.1 or ::1)');
  const basePath = env.ZOO_BASE_PATH || '/v1';
  if (!/^(\/[A-Za-z0-9._~-]+)*\/v1$/.test(basePath)) fail('ZOO_BASE_PATH must be a path ending in /v1');
  const keys = (env.ZOO_KEYS ?? '').split(',').filter((k) => k !== '');
  // token68 (RFC 9110 §11.2): anything else could never arrive as a bearer token.
  if (keys.length === 0 || !keys.every((k) => /^[A-Za-z0-9\-._~+/]+=*$/.test(k)))
    fail('ZOO_KEYS must list one or more token68 keys');
  const seedFile = env.ZOO_SEED || fail('ZOO_SEED must name the seed file');
  return {
    host,
    port: whole('ZOO_PORT', 0, 0),
    basePath,
    keys,
    seedFile,
    rateLimit: whole('ZOO_RATE_LIMIT', 60, 1),
    windowSeconds: whole('ZOO_RATE_WINDOW', 60, 1),
    banSeconds: whole('ZOO_BAN_SECONDS', 60, 1),
    banAfter: whole('ZOO_BAN_AFTER', 1, 1),
    misconfig: misconfig === '' ? undefined : (misconfig as M),
  };
}

/** An order of ZOO_SEED: ids as decimal strings, so ids above 2^53 never pass through a JS number. */
export interface SeedOrder {
  id: string;
  petId: string;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: 'pending' | 'shipped';
}

export function readSeed(file: string): SeedOrder[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SeedOrder[];
}

/** The `host:port` base URL line the launcher waits for, an IPv6 host in brackets. */
export function listeningLine(
  scheme: 'http' | 'https',
  host: string,
  port: number,
  basePath: string,
): string {
  return `ZOO listening ${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`;
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/** The token of `Authorization: Bearer <token>` (RFC 6750 §2.1; the scheme in any case, RFC 9110 §11.1). */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** Who a request is charged to. */
export interface Client {
  /** The limiter's key: `key#N`, or `ip:` and the (folded) address. Never the key itself. */
  id: string;
  /** What the contract's events print: `key#N` (the key's place in ZOO_KEYS) or the address. */
  label: string;
}

/**
 * A valid key's label, else the client address: requests without a valid key count per address. `fold`
 * is the stack limiter's own grouping of addresses (an IPv6 client into its /56 or /64).
 */
export function clientOf(
  keys: readonly string[],
  token: string | undefined,
  address: string | undefined,
  fold: (address: string) => string = (a) => a,
): Client {
  const index = token === undefined ? -1 : keys.indexOf(token);
  if (index >= 0) return { id: `key#${index + 1}`, label: `key#${index + 1}` };
  const at = address ?? 'unknown';
  return { id: `ip:${fold(at)}`, label: at };
}

interface Watched {
  /** The moment (ms) the last 429 told this client to wait for. */
  waitUntil: number;
  /** Requests sent before waitUntil since the client last waited as told. */
  early: number;
  bannedUntil: number;
}

/** Spec §8 rule 5: keeps the book of early requests and bans; the stack's limiter does the answering. */
export class BanWatch {
  readonly #clients = new Map<string, Watched>();

  constructor(
    private readonly banAfter: number,
    private readonly banSeconds: number,
    private readonly say: (line: string) => void = console.log,
  ) {}

  /** A request from `client` arrives: a ban begins on its ZOO_BAN_AFTER-th early request. */
  arrive(client: Client, now = Date.now()): void {
    const s = this.#clients.get(client.id);
    if (!s) return;
    if (now >= s.waitUntil) {
      s.early = 0;
      return;
    }
    this.say(`ZOO early ${client.label}`);
    s.early++;
    if (s.early >= this.banAfter && now >= s.bannedUntil) {
      s.bannedUntil = now + this.banSeconds * 1000;
      s.waitUntil = Math.max(s.waitUntil, s.bannedUntil);
      this.say(`ZOO ban ${client.label} ${this.banSeconds}`);
    }
  }

  /** When the client's ban ends (ms since the epoch), or undefined when it is not banned. */
  bannedUntil(client: Client, now = Date.now()): number | undefined {
    const until = this.#clients.get(client.id)?.bannedUntil ?? 0;
    return until > now ? until : undefined;
  }

  /** Whole seconds the client stays banned (0: not banned). */
  bannedFor(client: Client, now = Date.now()): number {
    const until = this.bannedUntil(client, now);
    return until === undefined ? 0 : Math.ceil((until - now) / 1000);
  }

  /** `client` was just answered 429 with `Retry-After: seconds`. */
  refused(client: Client, seconds: number, now = Date.now()): void {
    const s = this.#clients.get(client.id) ?? { waitUntil: 0, early: 0, bannedUntil: 0 };
    s.waitUntil = Math.max(s.waitUntil, now + seconds * 1000);
    this.#clients.set(client.id, s);
  }

  /** Forgets clients with nothing pending, so addresses seen once do not pile up. */
  sweep(now = Date.now()): void {
    for (const [id, s] of this.#clients)
      if (s.waitUntil <= now && s.bannedUntil <= now) this.#clients.delete(id);
  }
}

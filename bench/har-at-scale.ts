// A HAR of N synthesised exchanges of a client with the API (lists of a few orders, cancels answered 204, 404
// and 409, refusals without the key, pets reads), with the rate-limit headers of a Business plan, consistent
// with a store the cancels change: the recording `judge --har` is measured on (bench/passive-scale.ts). Run
// alone, `npx tsx bench/har-at-scale.ts [--entries N] [--out FILE]` writes one (for /usr/bin/time -v).
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BASE = 'https://api.example.com/v1';
const KEY = 'osk_live_benchKey0123456789abcdefABCDEF';
const LIMIT = 1000;
const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

/** A deterministic generator (mulberry32), so every file of a size is the same file. */
let state = 0;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string;
  complete: boolean;
  shipped: boolean;
}
let store: Order[] = [];
let nextId = 0;

const header = (name: string, value: string) => ({ name, value });
const error = (status: number, code: string, message: string) => JSON.stringify({ code, message, status });

function rateHeaders(ms: number, used: Map<number, number>): Array<{ name: string; value: string }> {
  const window = Math.floor(ms / 60_000);
  const n = (used.get(window) ?? 0) + 1;
  used.set(window, n);
  return [
    header('X-RateLimit-Limit', String(LIMIT)),
    header('X-RateLimit-Remaining', String(Math.max(0, LIMIT - n))),
    header('X-RateLimit-Reset', String((window + 1) * 60)),
  ];
}

function entry(i: number, used: Map<number, number>): string {
  const ms = T0 + i * 150 + Math.floor(random() * 50);
  const r = random();
  let method = 'GET';
  let path = '/store/orders';
  let auth = true;
  let status = 200;
  let body = '';
  if (r < 0.05) {
    auth = false;
    status = 401;
    body = error(401, 'unauthorized', 'missing or invalid API key');
  } else if (r < 0.25) {
    method = 'DELETE';
    const pick = random();
    if (pick < 0.3 && store.some((o) => !o.shipped)) {
      const o = store.find((x) => !x.shipped)!;
      path = `/store/orders/${o.id}`;
      status = 204;
      store.splice(store.indexOf(o), 1);
      // The store stays about the same size: a new order takes its place.
      store.push({ ...o, id: nextId++, shipped: false, complete: false });
    } else if (pick < 0.6) {
      const o = store.find((x) => x.shipped)!;
      path = `/store/orders/${o.id}`;
      status = 409;
      body = error(409, 'already_shipped', 'the order has already shipped');
    } else {
      path = `/store/orders/${900_000 + i}`;
      status = 404;
      body = error(404, 'not_found', 'no such order');
    }
  } else if (r < 0.28) {
    path = `/pets/${1 + (i % 50)}`;
    status = 200;
    body = JSON.stringify({ id: 1 + (i % 50), name: 'rex' });
  } else {
    body = JSON.stringify(store.map(({ shipped: _s, ...o }) => o));
  }
  const json = status !== 204;
  return JSON.stringify({
    startedDateTime: new Date(ms).toISOString(),
    time: 12,
    request: {
      method,
      url: `${BASE}${path}`,
      httpVersion: 'HTTP/1.1',
      headers: [
        header('Host', 'api.example.com'),
        header('Accept', 'application/json'),
        ...(auth ? [header('Authorization', `Bearer ${KEY}`)] : []),
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [
        ...(json ? [header('Content-Type', 'application/json')] : []),
        header('Date', new Date(ms).toUTCString()),
        ...(status === 401 ? [header('WWW-Authenticate', 'Bearer realm="orders"')] : []),
        ...rateHeaders(ms, used),
      ],
      cookies: [],
      content: { size: Buffer.byteLength(body), mimeType: json ? 'application/json' : '', text: body },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(body),
    },
    cache: {},
    timings: { send: 0, wait: 11, receive: 1 },
  });
}

const initialStore = (): Order[] =>
  Array.from({ length: 5 }, (_, i) => ({
    id: 1000 + i,
    petId: 7 + i,
    quantity: 1 + (i % 3),
    shipDate: '2026-11-30T12:00:00Z',
    complete: i % 4 === 0,
    shipped: i % 4 === 0,
  }));

/** Writes the recording of `n` exchanges to `file`; the same `n` always gives the same bytes. */
export async function writeHar(n: number, file: string): Promise<void> {
  state = 0x9e3779b9;
  store = initialStore();
  nextId = 2000;
  const out = createWriteStream(file);
  out.write('{"log":{"version":"1.2","creator":{"name":"bench har-at-scale","version":"1"},"entries":[\n');
  const used = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const line = `${i > 0 ? ',\n' : ''}${entry(i, used)}`;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end(']}}\n');
  await new Promise<void>((r) => out.once('finish', () => r()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const arg = (name: string, fallback: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1]! : fallback;
  };
  const n = Number(arg('--entries', '100000'));
  const file = arg('--out', 'bench-100k.har');
  await writeHar(n, file);
  console.log(`wrote ${n} entries to ${file}`);
}

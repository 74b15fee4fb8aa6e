// What the API takes as recorded traffic, made into recorded entries: a HAR (its text, or the parsed object,
// or several), or exchanges a caller captured itself (request and response as plain objects, this suite's
// own transcript exchanges among them). A shape it cannot read is a UsageError saying which and why.

import { UsageError } from '../lib/errors.ts';
import type { RecordedEntry } from '../lib/formats/har.ts';
import type { TrafficSource } from './conduct-traffic.ts';
import { heldSet } from './recorded-set.ts';
import { parsedRecording } from './recordings.ts';

type Headers =
  | Record<string, string | readonly string[] | undefined>
  | ReadonlyArray<readonly [string, string]>;

/** One exchange a caller captured: what was sent and what came back (no response: it failed). */
export interface TrafficExchange {
  /** When the request went out: a Date, an ISO 8601 string or Unix ms. */
  startedAt: Date | string | number;
  durationMs?: number;
  request: { method: string; url: string; headers?: Headers };
  response?: { status: number; headers?: Headers; body?: string | Uint8Array };
}

/** A HAR 1.2 recording (its text, or the object), several of them, or captured exchanges. */
export type Traffic =
  | string
  | { log: unknown }
  | ReadonlyArray<string | { log: unknown }>
  | readonly TrafficExchange[];

function pairs(h: Headers | undefined): Array<[string, string]> {
  if (!h) return [];
  if (Array.isArray(h))
    return (h as ReadonlyArray<readonly [string, string]>).map(([n, v]) => [n.toLowerCase(), v]);
  return Object.entries(h as Record<string, string | readonly string[] | undefined>).flatMap(([n, v]) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v as string]).map((x): [string, string] => [n.toLowerCase(), x]),
  );
}

function entryOf(x: TrafficExchange, i: number): RecordedEntry {
  const startedMs =
    x.startedAt instanceof Date
      ? x.startedAt.getTime()
      : typeof x.startedAt === 'number'
        ? x.startedAt
        : Date.parse(x.startedAt);
  if (
    !x.request ||
    typeof x.request.url !== 'string' ||
    typeof x.request.method !== 'string' ||
    Number.isNaN(startedMs)
  )
    throw new UsageError(`exchange ${i}: needs startedAt, request.method and request.url`);
  const body = x.response?.body;
  const bytes =
    body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return {
    source: `exchanges#${i}`,
    startedMs,
    durationMs: Math.max(0, Math.round(x.durationMs ?? 0)),
    method: x.request.method.toUpperCase(),
    url: x.request.url,
    requestHeaders: pairs(x.request.headers),
    status: x.response?.status ?? 0,
    responseHeaders: pairs(x.response?.headers),
    ...(bytes ? { body: bytes } : {}),
    bodyBytes: bytes?.length ?? 0,
    bodyWhole: x.response !== undefined,
    ours: {},
  };
}

const isHar = (v: unknown): v is string | { log: unknown } =>
  typeof v === 'string' || (typeof v === 'object' && v !== null && 'log' in v);

/** The recordings of `traffic`, each named for the report. */
export function sourcesOf(traffic: Traffic): TrafficSource[] {
  if (isHar(traffic))
    return [
      parsedRecording(typeof traffic === 'string' ? traffic : JSON.stringify(traffic), 'recording.har'),
    ];
  if (!Array.isArray(traffic))
    throw new UsageError('traffic must be a HAR (text or object), several, or exchanges');
  if (traffic.every(isHar))
    return (traffic as ReadonlyArray<string | { log: unknown }>).map((h, i) =>
      parsedRecording(typeof h === 'string' ? h : JSON.stringify(h), `recording-${i + 1}.har`),
    );
  return [{ name: 'exchanges', set: heldSet((traffic as readonly TrafficExchange[]).map(entryOf)) }];
}

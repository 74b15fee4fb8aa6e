// The whole transcript of a run as HAR 1.2 (what browser devtools and HAR viewers open): every exchange,
// already redacted by the client, in the order sent. A transport error is an entry with status 0, as
// browsers record one. Pure: returns text, writes nothing.
import type { Exchange } from '../http/transcript.ts';

interface HarHeader {
  name: string;
  value: string;
}

/** One line a value, in the record's order (a loop: flatMap's arrays were a tenth of writing a transcript). */
function headerList(headers: Record<string, string | string[]>): HarHeader[] {
  const out: HarHeader[] = [];
  for (const name of Object.keys(headers)) {
    const v = headers[name]!;
    if (!Array.isArray(v)) out.push({ name, value: v });
    else for (const value of v) out.push({ name, value });
  }
  return out;
}

function queryString(url: string): HarHeader[] {
  // No '?', no query: a URL parsed for nothing was a third of the cost of writing a long transcript.
  if (!url.includes('?')) return [];
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // A malformed URL sent on purpose (orderId probes) has no query worth listing.
    return [];
  }
}

/** The first Content-Type line, as headerList would list it (a name of any case). */
function contentTypeOf(headers: Record<string, string | string[]>): HarHeader | undefined {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== 'content-type') continue;
    const v = headers[name]!;
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

function entry(x: Exchange) {
  const r = x.response;
  const headers = r?.headers;
  const contentType = headers ? contentTypeOf(headers) : undefined;
  // Built field by field in the order written (no spread of a literal for each optional field: a long
  // transcript writes a million entries).
  let comment = x.checkId ? `sent by ${x.checkId}` : 'sent outside any check';
  comment += `; credential: ${x.bucket}`;
  if (r?.bodyTruncated)
    comment += `; body cut to the first ${r.body.length} characters of ${r.bodyBytes} bytes`;
  if (r?.bodyError) comment += `; body unreadable: ${r.bodyError.code}: ${r.bodyError.message}`;
  if (r?.headersOmitted)
    comment += `; ${r.headersOmitted.lines} header lines (${r.headersOmitted.chars} characters) left out of the record`;
  if (x.error) comment += `; no response: ${x.error.code}: ${x.error.message}`;
  if (x.mayHaveTakenEffect)
    comment += `; the ${x.request.method} may have taken effect: its answer was not read`;
  const content: Record<string, unknown> = { size: r?.bodyBytes ?? 0, mimeType: contentType?.value ?? '' };
  if (r && r.body !== '') content.text = r.body;
  const response: Record<string, unknown> = {
    status: r?.status ?? 0,
    statusText: '',
    httpVersion: r ? 'HTTP/1.1' : '',
    cookies: [],
    headers: headers ? headerList(headers) : [],
    content,
    redirectURL: '',
    headersSize: -1,
    bodySize: r ? r.bodyBytes : -1,
  };
  // Read back by the passive judge (lib/formats/har.ts): what a comment says only in words.
  if (r) response._bodyTruncated = r.bodyTruncated;
  if (r?.bodyError) response._bodyError = r.bodyError;
  const out: Record<string, unknown> = {
    startedDateTime: x.startedAt,
    time: x.durationMs,
    request: {
      method: x.request.method,
      url: x.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(x.request.headers),
      queryString: queryString(x.request.url),
      headersSize: -1,
      bodySize: x.request.content === undefined ? 0 : Buffer.byteLength(x.request.content),
      ...(x.request.content === undefined
        ? {}
        : { postData: { mimeType: contentTypeOf(x.request.headers)?.value ?? '', text: x.request.content } }),
    },
    response,
    cache: {},
    timings: { send: 0, wait: x.durationMs, receive: 0 },
    comment,
    _seq: x.seq,
  };
  if (x.checkId) out._checkId = x.checkId;
  if (x.together !== undefined) out._together = x.together;
  out._bucket = x.bucket;
  if (x.error) out._transportError = x.error;
  if (x.invalidRequest) out._invalidRequest = x.invalidRequest;
  if (x.lengthOmitted) out._lengthOmitted = true;
  // HAR 1.2's own field: the parent connection's id, the same on every entry that went on it.
  if (x.connection !== undefined) out.connection = String(x.connection);
  return out;
}

export function harText(
  exchanges: readonly Exchange[],
  creator: { name: string; version: string },
  comment: string,
): string {
  const log = { version: '1.2', creator, comment, entries: exchanges.map(entry) };
  return `${JSON.stringify({ log }, null, 1)}\n`;
}

const SLOT = '\u0000entries';

/** Entries serialised together: one JSON.stringify of a few hundred, not one (and a re-indent) per entry. */
const BATCH = 256;
/** A batch is serialised at the depth of log.entries, between this head and tail (indent 1, as harText). */
const [BATCH_HEAD, BATCH_TAIL] = JSON.stringify({ log: { entries: [SLOT] } }, null, 1).split(
  JSON.stringify(SLOT),
) as [string, string];

/**
 * The same text as harText, in pieces: the head, then the entries a batch at a time, then the tail, so a
 * transcript of any length is written without being built whole (a string of a million exchanges is longer
 * than V8 allows).
 */
export function* harPieces(
  exchanges: readonly Exchange[],
  creator: { name: string; version: string },
  comment: string,
): Generator<string> {
  if (exchanges.length === 0) {
    yield harText(exchanges, creator, comment);
    return;
  }
  const frame = JSON.stringify({ log: { version: '1.2', creator, comment, entries: [SLOT] } }, null, 1);
  const slot = frame.indexOf(JSON.stringify(SLOT));
  const indent = '\n   ';
  yield frame.slice(0, slot);
  for (let i = 0; i < exchanges.length; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(i + BATCH, exchanges.length); j++) batch.push(entry(exchanges[j]!));
    const text = JSON.stringify({ log: { entries: batch } }, null, 1);
    yield `${i > 0 ? `,${indent}` : ''}${text.slice(BATCH_HEAD.length, text.length - BATCH_TAIL.length)}`;
  }
  yield `${frame.slice(slot + JSON.stringify(SLOT).length)}\n`;
}

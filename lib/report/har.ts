// The whole transcript of a run as HAR 1.2 (what browser devtools and HAR viewers open): every exchange,
// already redacted by the client, in the order sent. A transport error is an entry with status 0, as
// browsers record one. Pure: returns text, writes nothing.
import type { Exchange } from '../http/transcript.ts';
import { ByteOut } from './byte-out.ts';
import { EntryWriter } from './har-entry.ts';
import { commentOf, contentTypeOf, headerList, queryString } from './har-fields.ts';

function entry(x: Exchange) {
  const r = x.response;
  const headers = r?.headers;
  const contentType = headers ? contentTypeOf(headers) : undefined;
  // Built field by field in the order written (no spread of a literal for each optional field: a long
  // transcript writes a million entries).
  const comment = commentOf(x, r);
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

/**
 * Bytes of entries after which a piece ends (at the end of an entry): the scrub and the writer see a hundred
 * KiB at a time, never one string of them all, and a piece read back as text is a string of the young
 * generation (under V8's 128 KiB for one object): a string of 480 KiB, made in the large-object space,
 * took eight times as long to make.
 */
const PIECE_BYTES = 96 * 1024;
/** What comes between two entries, and starts each line inside one (log.entries is at depth 2). */
const INDENT = '\n   ';
const BETWEEN = Buffer.from(`,${INDENT}`);

/**
 * The same text as harText as UTF-8, in pieces: the head, then the entries some at a time, then the tail, so a
 * transcript of any length is written without being built whole (a string of a million exchanges is longer
 * than V8 allows). Each piece is valid until the next is asked for (the entries' bytes reuse one buffer).
 */
export function* harBytePieces(
  exchanges: readonly Exchange[],
  creator: { name: string; version: string },
  comment: string,
): Generator<Buffer> {
  if (exchanges.length === 0) {
    yield Buffer.from(harText(exchanges, creator, comment));
    return;
  }
  const frame = JSON.stringify({ log: { version: '1.2', creator, comment, entries: [SLOT] } }, null, 1);
  const slot = frame.indexOf(JSON.stringify(SLOT));
  yield Buffer.from(frame.slice(0, slot));
  const writer = new EntryWriter();
  const out = new ByteOut();
  for (let j = 0; j < exchanges.length; j++) {
    if (j > 0) out.bytes(BETWEEN);
    const x = exchanges[j]!;
    // An entry of another shape is stringified from its object, as it always was.
    if (!writer.write(x, out)) out.text(JSON.stringify(entry(x), null, 1).replaceAll('\n', INDENT));
    if (out.used >= PIECE_BYTES || j === exchanges.length - 1) {
      yield out.view();
      out.used = 0;
    }
  }
  yield Buffer.from(`${frame.slice(slot + JSON.stringify(SLOT).length)}\n`);
}

/** harBytePieces as text. */
export function* harPieces(
  exchanges: readonly Exchange[],
  creator: { name: string; version: string },
  comment: string,
): Generator<string> {
  for (const piece of harBytePieces(exchanges, creator, comment)) yield piece.toString('utf8');
}

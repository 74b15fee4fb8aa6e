// The parts of a transcript entry (lib/report/har.ts) that both of its writers read the same way: the header
// lines of a record, the query of a URL, the Content-Type and the entry's comment. Pure.
import type { Exchange, RecordedResponse } from '../http/transcript.ts';

export interface HarHeader {
  name: string;
  value: string;
}

/** One line a value, in the record's order (a loop: flatMap's arrays were a tenth of writing a transcript). */
export function headerList(headers: Record<string, string | string[]>): HarHeader[] {
  const out: HarHeader[] = [];
  for (const name of Object.keys(headers)) {
    const v = headers[name]!;
    if (!Array.isArray(v)) out.push({ name, value: v });
    else for (const value of v) out.push({ name, value });
  }
  return out;
}

export function queryString(url: string): HarHeader[] {
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
export function contentTypeOf(headers: Record<string, string | string[]>): HarHeader | undefined {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== 'content-type') continue;
    const v = headers[name]!;
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

/** What the entry's comment says in words: who sent it, with which credential, and what went amiss. */
export function commentOf(x: Exchange, r: RecordedResponse | undefined): string {
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
  return comment;
}

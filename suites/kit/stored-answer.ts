// Whether a cache answered a request from its store: what a client can know of such an answer (RFC 9111).
// Pure; reads one exchange.
import { fieldLines } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';

/**
 * Whether the answer carries Age (RFC 9111 §5.1: its presence "implies that the response was not generated
 * or validated by the origin server for this request"): it shows the resource, and the fields the origin
 * sent, at some moment before the request, which the run cannot know (Date has whole seconds, and a cache
 * keeps the origin's), and the origin's limiter did not count the request.
 */
export function fromCache(x: Exchange): boolean {
  return x.response !== undefined && fieldLines(rawOf(x.response).headers, 'age').length > 0;
}

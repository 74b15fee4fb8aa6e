// The reply-level variants: what a finished Reply looks like under them (409 without a body, extra Error
// members, a charset on JSON). Applied once, after the route answered; must not change a status.

import type { Reply } from './reply.ts';
import type { VariantSet } from './variants/variant-set.ts';

let requestCounter = 0;

export function shapeReply(reply: Reply, variants: VariantSet): Reply {
  let out = reply;
  if (variants.has('conflict-no-body') && out.status === 409) {
    const { body: _dropped, ...rest } = out;
    out = rest;
  }
  // Variant more-response-fields: caching and negotiation fields a careful server adds, each by its RFC.
  if (variants.has('more-response-fields'))
    out = {
      ...out,
      headers: {
        'Cache-Control': 'no-store, private',
        Vary: 'Accept, Authorization',
        ...(out.status === 200 && out.body ? { ETag: `W/"${out.body.text.length.toString(16)}"` } : {}),
        ...out.headers,
      },
    };
  const body = out.body;
  if (!body?.type.startsWith('application/json')) return out;
  let text = body.text;
  if (variants.has('error-extra-fields') && out.status >= 400 && text.endsWith('}')) {
    requestCounter += 1;
    text = `${text.slice(0, -1)},"requestId":"req-${requestCounter.toString(16).padStart(8, '0')}","details":[]}`;
  }
  const type = variants.has('json-charset')
    ? 'application/json; charset=utf-8'
    : variants.has('more-response-fields')
      ? 'application/json; charset="utf-8"'
      : body.type;
  // The bytes encoded once stand for the text only while it is unchanged.
  return { ...out, body: text === body.text ? { ...body, type } : { type, text } };
}

// What a route answers, as plain data, and the Error object every error reply carries (spec §2 Error, §7).
// Must not touch the socket: http-writer.ts writes replies; faults here only bend the Error body.

import type { FaultSet } from './faults/fault-set.ts';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** `bytes`, when given, is `text` encoded once (UTF-8): a large list is not encoded again per request. */
  body?: { type: string; text: string; bytes?: Buffer };
  /** Fault cancel-204-with-body: node drops bodies on 204, so this reply goes out on the raw socket. */
  rawSocket?: boolean;
  /** Variant chunked-list: sent with Transfer-Encoding: chunked, without Content-Length. */
  chunked?: boolean;
}

export const JSON_TYPE = 'application/json';

export type ErrorCode =
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_ACCEPTABLE'
  | 'INVALID_ORDER_ID'
  | 'INVALID_PET_ID'
  | 'ORDER_NOT_FOUND'
  | 'PET_NOT_FOUND'
  | 'ORDER_ALREADY_SHIPPED'
  | 'ORDER_NOT_PENDING'
  | 'ORDER_GONE'
  | 'RATE_LIMITED'
  | 'KEY_BANNED'
  | 'BAD_REQUEST'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL_ERROR';

export function jsonReply(status: number, text: string, headers?: Record<string, string>): Reply {
  return { status, headers, body: { type: JSON_TYPE, text } };
}

export function noContent(headers?: Record<string, string>): Reply {
  return { status: 204, headers };
}

export function errorReply(
  faults: FaultSet,
  status: number,
  code: ErrorCode,
  message: string,
  headers?: Record<string, string>,
): Reply {
  if (faults.has('error-text-plain')) {
    return { status, headers, body: { type: 'text/plain; charset=utf-8', text: `${message}\n` } };
  }
  let bodyStatus: number | string = status;
  if (faults.has('error-status-mismatch')) bodyStatus = status === 400 ? 422 : 400;
  if (faults.has('error-status-string')) bodyStatus = String(bodyStatus);
  const body = faults.has('error-missing-message')
    ? { code, status: bodyStatus }
    : { code, message, status: bodyStatus };
  const reply = jsonReply(status, JSON.stringify(body), headers);
  // The Error serialized by hand and handed to a send() that labels every string as HTML.
  if (faults.has('error-json-labelled-html')) reply.body!.type = 'text/html; charset=utf-8';
  return reply;
}

/** Fault http-content-type-comma: a JSON reply's label written with a comma where its parameter's ";" goes. */
export function labelled(reply: Reply, faults: FaultSet): Reply {
  const body = reply.body;
  if (!body?.type.startsWith(JSON_TYPE)) return reply;
  // Fault json-bom: every JSON body starts with a UTF-8 byte order mark (a PHP file saved "UTF-8 with BOM").
  const bommed = faults.has('json-bom')
    ? { ...reply, body: { type: body.type, text: `\uFEFF${body.text}` } }
    : reply;
  if (!faults.has('http-content-type-comma')) return bommed;
  return { ...bommed, body: { ...bommed.body!, type: `${JSON_TYPE}, charset=utf-8` } };
}

// Small readings of a response that several suites share: media type, body presence, Error-body problems.
// Readings only; the checks decide what they mean.

import { isUtf8 } from 'node:buffer';
import { NOT_UTF8, parseJson } from '../../lib/formats/json.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type SchemaIssue, validate } from '../../lib/formats/validation.ts';
import { bodyFailure } from '../../lib/http/body-failure.ts';
import type { Response, ResponseHead } from '../../lib/http/client.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';

/** The parts of a response the Error-body rules look at, live or recorded. */
export interface BodyView {
  status: number;
  text: string;
  bytes: number;
  contentType: string | undefined;
  /** The body could not be read as framed (reset, truncated chunk...): the transport's fault, not the JSON's. */
  bodyError?: { code: string; message: string };
  /** The bytes were not UTF-8 (RFC 8259 §8.1): `text` holds replacement characters, not what was sent. */
  notUtf8?: true;
}

export function viewOf(res: Response): BodyView {
  return {
    status: res.status,
    text: res.text,
    bytes: res.bytes,
    contentType: header(res, 'content-type'),
    ...(res.bodyError ? { bodyError: res.bodyError } : {}),
    ...(isUtf8(res.body) ? {} : { notUtf8: true as const }),
  };
}

export function recordedView(x: Exchange): BodyView | undefined {
  const r = x.response;
  if (!r) return undefined;
  // Judged as received: the recorded copy is redacted, and a redacted body is not what the server sent.
  const raw = rawOf(r);
  return {
    status: r.status,
    text: raw.body,
    bytes: r.bodyBytes,
    contentType: headerValue(raw.headers, 'content-type'),
    ...(r.bodyError ? { bodyError: r.bodyError } : {}),
    ...(raw.utf8 ? {} : { notUtf8: true as const }),
  };
}

/** application/json or any +json media type (RFC 6839 §3.1), parameters allowed. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

export function header(res: ResponseHead, name: string): string | undefined {
  return headerValue(res.headers, name);
}

export function describeStatus(res: ResponseHead): string {
  const ct = header(res, 'content-type');
  return `${res.status}${ct ? ` (${ct})` : ''}${res.bytes > 0 ? `, ${res.bytes}-byte body` : ', no body'}`;
}

/**
 * What is wrong with a response's body as an Error object (spec §2 Error, §7) whose status must equal the
 * HTTP status; an empty list when nothing is.
 */
export function errorBodyProblems(res: BodyView): string[] {
  if (res.bytes === 0) return ['no body (an Error object is required)'];
  const shape = errorShapeProblems(res);
  const mismatch = errorStatusMismatch(res);
  return mismatch ? [...shape, mismatch] : shape;
}

/** What keeps a body from being an Error object (spec §2 Error): not JSON, or not valid against it. */
export function errorShapeProblems(res: BodyView): string[] {
  if (res.bodyError) return [bodyFailure(res.bodyError)];
  if (res.notUtf8) return [`body is not JSON (${NOT_UTF8}); Content-Type ${res.contentType ?? 'absent'}`];
  const parsed = parseJson(res.text);
  if (!parsed.ok) return [`body is not JSON (${parsed.error}); Content-Type ${res.contentType ?? 'absent'}`];
  return validate('error', parsed.value).errors.map((e) => `Error body: ${e}`);
}

/** The schema failures of a body as an Error object, as data for the report (none when it is not JSON). */
export function errorSchemaIssues(res: BodyView): SchemaIssue[] {
  const parsed = parseJson(res.text);
  return parsed.ok ? validate('error', parsed.value).issues : [];
}

/** A problem when the body's integer `status` is not the HTTP status (spec §2 Error: "The HTTP status code"). */
export function errorStatusMismatch(res: BodyView): string | undefined {
  const parsed = parseJson(res.text);
  const status = parsed.ok ? (parsed.value as { status?: unknown } | null)?.status : undefined;
  if ((typeof status === 'number' || typeof status === 'bigint') && Number(status) !== res.status) {
    return `Error body status ${status} differs from the HTTP status ${res.status}`;
  }
  return undefined;
}

// The Error object (code, message, status) every error answer of the Hono target carries, written with
// Hono's own c.json. It decides no status: callers do.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

export function errorBody(status: number, code: string, message: string): ErrorBody {
  return { code, message, status };
}

export function problem(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json(errorBody(status, code, message), status);
}

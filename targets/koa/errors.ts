// The Koa target's error answers: one outermost middleware that turns every thrown HTTP error, and every
// error status left without a body (no route, a method the router does not allow), into an Error object
// (code, message, status). Unlike Koa's default ctx.onerror it keeps the headers already set.
import type { Middleware } from 'koa';

interface ThrownHttpError {
  status?: number;
  expose?: boolean;
  message: string;
  code?: string;
  headers?: Record<string, string>;
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  429: 'rate_limited',
  501: 'not_implemented',
};

export const errors: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status >= 400 && ctx.body == null) ctx.throw(ctx.status);
  } catch (thrown) {
    const err = thrown as ThrownHttpError;
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) ctx.app.emit('error', thrown, ctx);
    if (err.headers) ctx.set(err.headers);
    ctx.status = status;
    ctx.body = {
      code: status >= 500 ? 'internal_error' : (err.code ?? CODES[status] ?? 'error'),
      message: err.expose ? err.message : 'The server failed to answer this request.',
      status,
    };
  }
};

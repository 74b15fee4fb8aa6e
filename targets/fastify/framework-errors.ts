// Fastify's own errors before routing (a percent-escape that does not decode, a parameter over
// maxParamLength): Fastify answers them before any hook, with its own body and none of our headers, unless
// frameworkErrors takes them. This runs the ban guard, the limiter and authentication by hand, then answers
// with an Error body. It never writes a key.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type Answer, errorBody, type Gate } from './gates.ts';

export interface BeforeRouting {
  ban: Gate;
  /** The plugin's hook: sets the X-RateLimit-* headers, throws its 429. */
  limiter?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  auth: Gate;
  /** What the onSend hook does; a reply sent from here meets no hook. */
  settle: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  steps: BeforeRouting,
): void {
  void answer().catch(() => {
    if (!reply.sent) reply.code(500).send(errorBody(500, 'internal_error', 'Internal server error.'));
  });

  async function answer(): Promise<void> {
    let a: Answer | undefined = steps.ban(request);
    if (!a && steps.limiter) {
      try {
        await steps.limiter(request, reply);
      } catch (thrown) {
        const e = thrown as FastifyError;
        a = {
          status: e.statusCode ?? 500,
          headers: {},
          body: errorBody(e.statusCode ?? 500, e.code, e.message),
        };
      }
    }
    a ??= steps.auth(request);
    const status = error.statusCode ?? 400;
    a ??= { status, headers: {}, body: errorBody(status, error.code, 'The request URL is malformed.') };
    reply.code(a.status).headers(a.headers);
    await steps.settle(request, reply);
    reply.send(a.body);
  }
}

// Reads a response body whole within the harness's limits, and tells those limits (the size cap, undici's
// timeouts, the exchange deadline) apart from the target's doing. Reads and classifies only: never records.
import { LimitError } from '../config/limits.ts';

/**
 * Every exchange ends within this many --timeout-ms, whole body included: undici's body timeout only measures
 * the gap between chunks, so a body trickling one byte a second would otherwise never end.
 */
export const EXCHANGE_DEADLINE_FACTOR = 3;

/**
 * Reads a body whole. A declared Content-Length within the cap lets the chunks go straight into one buffer of
 * that size, so a large list is never held twice (as chunks and as their concatenation).
 */
export async function readBody(
  body: AsyncIterable<Uint8Array>,
  declared: string | string[] | undefined,
  cap: number,
  progress: { bytes: number } = { bytes: 0 },
): Promise<Buffer> {
  const length = typeof declared === 'string' && /^\d+$/.test(declared) ? Number(declared) : -1;
  const whole = length > 0 && length <= cap ? Buffer.allocUnsafe(length) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (whole && size + chunk.length <= whole.length) whole.set(chunk, size);
    else chunks.push(chunk);
    size += chunk.length;
    progress.bytes = size;
  }
  if (whole && chunks.length === 0 && size === whole.length) return whole;
  // No length, or the body did not match it: the chunks as they came (the first ones may sit in `whole`).
  const parts = whole ? [whole.subarray(0, Math.min(size, whole.length)), ...chunks] : chunks;
  return parts.length === 1 && Buffer.isBuffer(parts[0]) ? parts[0] : Buffer.concat(parts, size);
}

/**
 * The harness's own limit that cut an exchange short, told apart from the target's doing by undici's error
 * code or the abort reason; undefined for anything else.
 */
export function limitOf(
  error: unknown,
  exchange: string,
  limits: { timeoutMs: number; maxResponseBytes: number; maxHeaderBytes?: number },
  deadline?: AbortSignal,
): LimitError | undefined {
  const { code, name } = error as { code?: string; name?: string };
  const ms = limits.timeoutMs;
  if (code === 'UND_ERR_HEADERS_OVERFLOW' && limits.maxHeaderBytes !== undefined)
    return new LimitError(
      'E_HEADERS_TOO_LARGE',
      `${exchange}: the response headers exceed ${Math.round(limits.maxHeaderBytes / 1024)} KiB (${limits.maxHeaderBytes} bytes of field names and values), the most this run reads`,
      'maxHeaderBytes',
      { cause: error },
    );
  const limit = (c: 'E_TIMEOUT' | 'E_RESPONSE_TOO_LARGE', what: string) =>
    new LimitError(c, `${exchange}: ${what}`, c === 'E_TIMEOUT' ? 'timeoutMs' : 'maxResponseBytes', {
      cause: error,
    });
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')
    return limit(
      'E_RESPONSE_TOO_LARGE',
      `the response body is larger than the ${limits.maxResponseBytes} bytes this run reads`,
    );
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return limit('E_TIMEOUT', `no connection within ${ms} ms`);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return limit('E_TIMEOUT', `no response headers within ${ms} ms`);
  if (code === 'UND_ERR_BODY_TIMEOUT') return limit('E_TIMEOUT', `the body stalled for ${ms} ms`);
  if (name === 'TimeoutError' || deadline?.aborted)
    return limit(
      'E_TIMEOUT',
      `the exchange (connection, headers and whole body) took longer than its deadline of ${EXCHANGE_DEADLINE_FACTOR * ms} ms`,
    );
  return undefined;
}

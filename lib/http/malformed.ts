// Answers the target framed as no HTTP/1.1 response can be, named in the server's terms before undici reads
// them (undici would end them in an internal assertion or a "bad upgrade" that reads like silence). Pure:
// no undici here, so the checks that judge these answers load none.

/** The transcript's error code of an answer whose head the harness refused as malformed (see malformedHead). */
export const MALFORMED = 'E_MALFORMED_RESPONSE';

/** Whether a recorded error code is an answer framed as no HTTP/1.1 response: llhttp's HPE_ codes, or ours. */
export function isMalformedAnswer(code: string | undefined): boolean {
  return code !== undefined && (code.startsWith('HPE_') || code === MALFORMED);
}

/** The error an exchange ends in when its answer's head is malformed; `code` is MALFORMED. */
export class MalformedResponseError extends Error {
  readonly code = MALFORMED;
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}

const CONTENT_LENGTH = /\r\ncontent-length[ \t]*:/i;
const TRANSFER_ENCODING = /\r\ntransfer-encoding[ \t]*:/i;

/**
 * What is wrong with a final response head (status line to the blank line, latin1) as the server's answer to a
 * request that asked for no upgrade, or undefined. Only what undici cannot read for what it is: the rest is
 * for undici's parser and the checks.
 */
export function malformedHead(head: string, status: number): string | undefined {
  if (status < 100)
    return `its status line says ${head.slice(9, 12)}, which is no HTTP status code (RFC 9110 §15: valid status codes are 100 to 599)`;
  if (status === 101)
    return 'it is a 101 Switching Protocols to a request that asked for no upgrade (RFC 9110 §7.8: a server switches only to a protocol the request named in Upgrade)';
  if (CONTENT_LENGTH.test(head) && TRANSFER_ENCODING.test(head))
    return 'it carries both Content-Length and Transfer-Encoding, which a sender never sends together (RFC 9112 §6.2), so where its body ends cannot be told (RFC 9112 §6.3)';
  return undefined;
}

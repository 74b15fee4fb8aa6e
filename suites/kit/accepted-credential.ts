// Why a request that offered something other than "Bearer <key>" was let in, as its finding words it: the line
// it sent (keys as <key>), the careless reading that takes it for the key, and a per-connection credential cache
// as the cause only when the run shows one, else as what was not ruled out. Text only: decides no verdict.
import type { Exchange } from '../../lib/http/transcript.ts';
import { KEY_TEXT, SECOND_KEY_TEXT } from './offered.ts';

/** Longest Authorization line a message quotes: the key alone is some 30 characters. */
const SHOWN_MAX = 80;

/** The request's one Authorization line as recorded (redacted), or undefined with none or several. */
export function authorizationLine(x: Exchange): string | undefined {
  const v = Object.entries(x.request.headers).find(([n]) => n.toLowerCase() === 'authorization')?.[1];
  return typeof v === 'string' ? v : undefined;
}

/** `$VAR` and `${VAR}` of a key's expression, as <key> or <second key>. */
const keyMarks = (line: string): string =>
  line
    .replaceAll(`\${${SECOND_KEY_TEXT.slice(1)}}`, '<second key>')
    .replaceAll(SECOND_KEY_TEXT, '<second key>')
    .replaceAll(`\${${KEY_TEXT.slice(1)}}`, '<key>')
    .replaceAll(KEY_TEXT, '<key>');

/** The Authorization line as a message shows it: the keys as <key>, quoted and escaped, bounded. */
export function shownShape(line: string): string {
  const marked = keyMarks(line);
  const cut = marked.length > SHOWN_MAX ? `${marked.slice(0, SHOWN_MAX)}…` : marked;
  return JSON.stringify(cut);
}

/**
 * The careless reading that takes a line with text around the key for the key: which part of the token
 * matched. Undefined when the line holds no key where it can be told.
 */
export function extraTextReading(line: string): string | undefined {
  const marked = keyMarks(line).trim();
  const at = marked.indexOf('<key>');
  if (at < 0) return undefined;
  const before = marked.slice(0, at);
  const after = marked.slice(at + '<key>'.length);
  if (/^bearer $/i.test(before) && after !== '')
    return after.startsWith(' ')
      ? 'the text after a space was ignored: the token read up to its first space, or only its first characters compared with the key'
      : `a prefix of the token matched: the token compared with the key only as far as the key's length, the ${JSON.stringify(after)} after it unread`;
  if (after !== '') return undefined;
  if (/^bearer$/i.test(before))
    return 'the key was read with no space after the scheme: "Bearer" stripped as a prefix';
  if (/^bearer\s+bearer\s+$/i.test(before))
    return 'a second "Bearer " was stripped: the scheme removed wherever it appears';
  if (/\s$/.test(before)) return 'the last word was taken as the token, the words before it unread';
  return 'the end of the token matched: the text before the key unread';
}

/** The same request as `x`: the same method, URL and Authorization line (a route answers for itself). */
const sameRequest = (x: Exchange, y: Exchange, line: string): boolean =>
  y !== x &&
  y.request.method === x.request.method &&
  y.request.url === x.request.url &&
  authorizationLine(y) === line;

/**
 * What the run shows of a credential cache per connection, for `x` let in on a connection that carried the key:
 * `refused`, the same request refused 401 on a connection that had carried no key (the cache explains `x`);
 * `alike`, the same request answered alike there (no cache is needed to explain it); neither when the run
 * sent it on no fresh connection, or recorded no connections. Only the same request counts: another route may
 * answer before authentication (a lookup of the id), whatever the connection carried.
 */
export function freshTwin(
  x: Exchange,
  same: ReadonlyArray<Exchange>,
  keyBefore: (y: Exchange) => Exchange | undefined,
): { refused?: Exchange; alike?: Exchange } {
  const line = authorizationLine(x);
  if (line === undefined || x.connection === undefined || !keyBefore(x)) return {};
  const fresh = same.filter(
    (y) => y.connection !== undefined && sameRequest(x, y, line) && keyBefore(y) === undefined,
  );
  const refused = fresh.find((y) => y.response?.status === 401);
  const alike = fresh.find((y) => y.response?.status === x.response?.status);
  return { ...(refused ? { refused } : {}), ...(alike ? { alike } : {}) };
}

/** Whether the server let the request in (2xx): what a key read carelessly, or a cached one, would give. */
export const letInBy = (x: Exchange): boolean => {
  const s = x.response?.status ?? 0;
  return s >= 200 && s <= 299;
};

/**
 * What a finding says of a request let in with the wrong credential, after what it sent: the line shown and
 * its reading (text around the key), then how the connection came into it. Starts with a space, or is empty.
 * `letIn`: whether the answer shows the request let in (a 2xx unless the caller knows the route better).
 */
export function acceptedWhy(
  x: Exchange,
  same: ReadonlyArray<Exchange>,
  keyBefore: (y: Exchange) => Exchange | undefined,
  extraText: boolean,
  letIn = letInBy(x),
): string {
  const line = authorizationLine(x);
  // A reading of the key, or a connection that carried it, explains a request let in, never a refusal.
  const reading = extraText && letIn && line !== undefined ? extraTextReading(line) : undefined;
  const shape =
    extraText && line !== undefined ? ` (sent as ${shownShape(line)}${reading ? `: ${reading}` : ''})` : '';
  const before = letIn ? keyBefore(x) : undefined;
  if (!before) return shape;
  const { refused, alike } = freshTwin(x, same, keyBefore);
  // Answered alike on a connection that had carried no key: the connection explains nothing.
  if (alike && !refused) return shape;
  // The cause only where the run shows it; else what was not ruled out, after what the request itself shows.
  return refused
    ? `${shape} (on a connection reused after #${before.seq} carried the key, while #${refused.seq} sent the same request on a connection that had carried no key and was refused 401: the server judged the credential by what the connection carried before; the curl line sends both on one connection)`
    : `${shape} (not ruled out: a credential cached per connection, as this went on a connection reused after #${before.seq} carried the key and the run sent it on no fresh one; the curl line sends both on one connection, send it alone to tell)`;
}

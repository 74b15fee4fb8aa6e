// A curl command that replays a recorded (already redacted) request. Values go in double quotes so the
// key expressions left by redact.ts ($ORDER_STORE_API_KEY, ...) expand in the user's shell and nowhere else.
import type { RecordedRequest } from './transcript.ts';

function escapeDoubleQuoted(text: string): string {
  return text.replace(/[\\"$`]/g, (c) => `\\${c}`);
}

/** `expressions` are the shell expressions the redactor substituted; they are left unescaped. */
export function curlCommand(req: RecordedRequest, expressions: readonly string[]): string {
  return ['curl', '-sS', '-i', ...curlArguments(req, expressions)].join(' ');
}

/**
 * One curl that sends `requests` one after the other (`--next`), reusing one connection where the target keeps
 * it open, as the run did: what reproduces an answer that depends on what the connection carried before.
 */
export function curlOnOneConnection(
  requests: readonly RecordedRequest[],
  expressions: readonly string[],
): string {
  return [
    'curl',
    ...requests.flatMap((req, i) => [
      ...(i > 0 ? ['--next'] : []),
      '-sS',
      '-i',
      ...curlArguments(req, expressions),
    ]),
  ].join(' ');
}

/**
 * A POSIX sh loop that repeats the request, one at a time, until the target answers `status` (at most
 * `max` requests), printing each status and then that response whole: e.g. the walk to a 429.
 */
export function curlUntil(
  req: RecordedRequest,
  expressions: readonly string[],
  status: number,
  max: number,
  /** Then waits this long (the Retry-After) and sends the request once more: the recovery. */
  thenAfterSeconds?: number,
): string {
  const curl = ['curl', '-sS', '-i', '-w', "'\\n%{http_code}'", ...curlArguments(req, expressions)].join(' ');
  return [
    `n=0; while [ "$n" -lt ${max} ]; do n=$((n+1));`,
    `out=$(${curl});`,
    `code=$(printf '%s\\n' "$out" | tail -n 1); echo "request $n: $code";`,
    `if [ "$code" = ${status} ]; then printf '%s\\n' "$out" | sed '$d'; break; fi; done`,
    ...(thenAfterSeconds !== undefined
      ? [
          `; sleep ${Math.ceil(thenAfterSeconds)}; ${['curl', '-sS', '-i', ...curlArguments(req, expressions)].join(' ')}`,
        ]
      : []),
  ].join(' ');
}

function curlArguments(req: RecordedRequest, expressions: readonly string[]): string[] {
  const quote = (value: string): string => {
    let out = escapeDoubleQuoted(value);
    for (const e of expressions) out = out.split(escapeDoubleQuoted(e)).join(e);
    return `"${out}"`;
  };
  const parts = ['--globoff', '--path-as-is'];
  const content = req.content;
  if (req.method === 'HEAD') parts.push('--head');
  // curl would make a request with content a POST: the method is named whenever there is content.
  else if (req.method !== 'GET' || content !== undefined) parts.push('-X', req.method);
  for (const [name, value] of Object.entries(req.headers)) {
    // curl writes the Content-Length of the content it sends itself.
    if (content !== undefined && name.toLowerCase() === 'content-length') continue;
    for (const line of Array.isArray(value) ? value : [value]) parts.push('-H', quote(`${name}: ${line}`));
  }
  if (content !== undefined) parts.push('--data-binary', quote(content));
  parts.push(quote(req.url));
  return parts;
}

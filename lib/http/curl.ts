// A curl command that replays a recorded (already redacted) request. Values go in double quotes so the
// key expressions left by redact.ts ($ORDER_STORE_API_KEY, ...) expand in the user's shell and nowhere else.
import type { RecordedRequest } from './transcript.ts';

function escapeDoubleQuoted(text: string): string {
  return text.replace(/[\\"$`]/g, (c) => `\\${c}`);
}

/** `expressions` are the shell expressions the redactor substituted; they are left unescaped. */
export function curlCommand(req: RecordedRequest, expressions: readonly string[]): string {
  const quote = (value: string): string => {
    let out = escapeDoubleQuoted(value);
    for (const e of expressions) out = out.split(escapeDoubleQuoted(e)).join(e);
    return `"${out}"`;
  };
  const parts = ['curl', '-sS', '-i', '--globoff', '--path-as-is'];
  if (req.method === 'HEAD') parts.push('--head');
  else if (req.method !== 'GET') parts.push('-X', req.method);
  for (const [name, value] of Object.entries(req.headers))
    for (const line of Array.isArray(value) ? value : [value]) parts.push('-H', quote(`${name}: ${line}`));
  parts.push(quote(req.url));
  return parts.join(' ');
}

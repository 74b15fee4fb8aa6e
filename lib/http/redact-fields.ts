// Redacts an exchange's header fields through the run's redactor in one look: the fields are joined and asked
// once whether they may hold a secret in any form, which for nearly every exchange they provably do not, so
// each field is redacted on its own only then. Adds no rule of its own: what is redacted, and how, is
// redact.ts's. A text that may not hold a secret has no part that may (the test is on substrings' content).
import type { Redactor } from './redact.ts';

export function redactFields(
  redactor: Redactor,
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const values: string[] = [];
  for (const v of Object.values(headers)) {
    if (typeof v === 'string') values.push(v);
    else if (Array.isArray(v)) values.push(...v);
  }
  if (redactor.mayHold(values.join('\n'))) return redactor.redactHeaders(headers);
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? [...v] : v;
  return out;
}

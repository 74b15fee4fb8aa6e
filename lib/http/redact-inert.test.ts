// The redactor's inert answers, for files already serialized: a secret found in JSON, XML or Markdown is
// replaced by a label those formats give no meaning to, so the file stays what it was, secret-free.
import { describe, expect, it } from 'vitest';
import { Redactor } from './redact.ts';
import { inertExpression } from './redact-compiled.ts';

/** A redactor knowing a short key and its first part as a check sends it (a shell expression with quotes). */
function shortKey(): Redactor {
  const r = new Redactor();
  r.addKey('key-aaaa', 'ORDER_STORE_API_KEY');
  r.addSecret('key-', `$(printf '%s\\n' "$ORDER_STORE_API_KEY" | cut -c1-4)`);
  return r;
}

describe('Redactor, inert', () => {
  it('keeps JSON JSON where a secret is found in it, and rebuilds nothing from the text', () => {
    const r = shortKey();
    const json = JSON.stringify({ id: 'AUTH-QUERY-KEY-401', key: 'key-aaaa', long: 'x'.repeat(400) });
    // The expression's quotes end the string they land in: what broke report.json.
    expect(() => JSON.parse(r.redact(json))).toThrow();
    const out = r.redact(json, true);
    const parsed = JSON.parse(out) as Record<string, string>;
    expect(parsed.key).toBe('$ORDER_STORE_API_KEY');
    expect(parsed.id).toBe('AUTH-QUERY-[a form of ORDER_STORE_API_KEY]401');
    expect(out.toLowerCase()).not.toContain('key-');
  });

  it('keeps XML attributes and Markdown table cells whole', () => {
    const r = shortKey();
    const xml = '<testcase name="AUTH-QUERY-KEY-401" classname="auth"/>';
    expect(r.redact(xml, true)).toBe(
      '<testcase name="AUTH-QUERY-[a form of ORDER_STORE_API_KEY]401" classname="auth"/>',
    );
    const row = '| AUTH-QUERY-KEY-401 | pass |';
    expect(r.redact(row, true).split('|')).toHaveLength(4);
  });

  it('leaves inert expressions as they are, and labels the others by their variable', () => {
    expect(inertExpression('$ORDER_STORE_API_KEY')).toBe('$ORDER_STORE_API_KEY');
    expect(inertExpression('${ORDER_STORE_API_KEY}c')).toBe('${ORDER_STORE_API_KEY}c');
    expect(inertExpression('[base64 of ORDER_STORE_API_KEY]')).toBe('[base64 of ORDER_STORE_API_KEY]');
    expect(inertExpression(`$(printf '%s' "$K" | tr 'a-zA-Z' 'A-Za-z')`)).toBe('[a form of K]');
    expect(inertExpression(`[base64 of (printf ':%s' "$K" | base64)]`)).toBe('[base64 of a form of K]');
    expect(inertExpression('[REDACTED]')).toBe('[REDACTED]');
  });

  it('answers as before where not asked to be inert, and remembers the two answers apart', () => {
    const r = shortKey();
    const text = 'Bearer key-';
    expect(r.redact(text)).toBe(`Bearer $(printf '%s\\n' "$ORDER_STORE_API_KEY" | cut -c1-4)`);
    expect(r.redact(text, true)).toBe('Bearer [a form of ORDER_STORE_API_KEY]');
    expect(r.redact(text)).toBe(`Bearer $(printf '%s\\n' "$ORDER_STORE_API_KEY" | cut -c1-4)`);
  });
});

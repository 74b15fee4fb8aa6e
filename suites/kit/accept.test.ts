// Which Accept fields admit application/json: wildcards, capitals and weights as RFC 9110 §12.5.1 reads them.
import { describe, expect, it } from 'vitest';
import { ACCEPTS_ADMITTING_JSON, admitsJson } from './accept.ts';

describe('an Accept field admitting JSON', () => {
  it('admits it through a wildcard, other capitals, or any weight above zero', () => {
    for (const { accept } of ACCEPTS_ADMITTING_JSON) expect(admitsJson(accept), accept).toBe(true);
    expect(admitsJson('*/*')).toBe(true);
    expect(admitsJson('application/json')).toBe(true);
    expect(admitsJson('text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8')).toBe(true);
    expect(admitsJson('APPLICATION/*;Q=0.2')).toBe(true);
  });

  it('refuses it when no range names it, or the most specific one weighs it zero', () => {
    expect(admitsJson('text/html')).toBe(false);
    expect(admitsJson('application/xml')).toBe(false);
    expect(admitsJson('application/json;q=0, */*;q=0.1')).toBe(false);
    expect(admitsJson('application/*;q=0, */*')).toBe(false);
    expect(admitsJson('*/*;q=0')).toBe(false);
  });

  it('cannot tell for a field that is no list of media ranges, or names JSON with parameters', () => {
    expect(admitsJson('json')).toBeUndefined();
    expect(admitsJson('application/json;q=2')).toBeUndefined();
    expect(admitsJson('')).toBeUndefined();
    expect(admitsJson('application/json;charset=utf-8')).toBeUndefined();
  });
});

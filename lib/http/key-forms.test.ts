// The altered credentials are what their names say, and each altered key is handed to the redactor with an
// expression that rebuilds it.
import { describe, expect, it } from 'vitest';
import { authorizationLines } from './key-forms.ts';
import { Redactor } from './redact.ts';

const KEY = 'osk_Test_1234';

describe('authorizationLines', () => {
  it('builds each form from the key', () => {
    const lines = (form: Parameters<typeof authorizationLines>[0]) =>
      authorizationLines(form, KEY, 'K').lines;
    expect(lines({ kind: 'basic', as: 'password' })).toEqual([
      `Basic ${Buffer.from(`:${KEY}`).toString('base64')}`,
    ]);
    expect(lines({ kind: 'scheme', scheme: 'Token', key: 'as-is' })).toEqual([`Token ${KEY}`]);
    expect(lines({ kind: 'scheme', scheme: 'Bearer', key: 'as-is', noSpace: true })).toEqual([
      `Bearer${KEY}`,
    ]);
    expect(lines({ kind: 'scheme', scheme: 'Bearer', key: 'case-flipped' })).toEqual([
      'Bearer OSK_tEST_1234',
    ]);
    expect(lines({ kind: 'scheme', scheme: 'Bearer', key: 'truncated', after: ' x' })).toEqual([
      'Bearer osk_Test_123 x',
    ]);
    expect(lines({ kind: 'twice', other: 'other' })).toEqual([`Bearer ${KEY}`, 'Bearer other']);
  });

  it('names every altered key as a secret whose expression rebuilds it', () => {
    const r = new Redactor();
    r.addKey(KEY, 'K');
    for (const key of ['case-flipped', 'truncated', 'extended'] as const) {
      const { lines, secrets } = authorizationLines({ kind: 'scheme', scheme: 'Bearer', key }, KEY, 'K');
      expect(secrets).toHaveLength(1);
      for (const s of secrets) r.addSecret(s.value, s.expression);
      expect(r.redact(lines[0]!)).not.toMatch(/osk|OSK/);
    }
    // The expressions are shell text: ${K}4 and ${K%?} are what a reproduction must read.
    expect(r.redact(`Bearer ${KEY}4`)).toBe(['Bearer $', '{K}4'].join(''));
    expect(r.redact('Bearer osk_Test_123')).toBe(['Bearer $', '{K%?}'].join(''));
  });
});

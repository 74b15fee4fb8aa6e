// The altered credentials are what their names say, and each altered key is handed to the redactor with an
// expression that rebuilds it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { authorizationLines, type KeyAlteration, PART_MIN, sendsTheKey } from './key-forms.ts';
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

  it('alters the key as each name says, and rebuilds every altered key in a POSIX shell from the variable', () => {
    const value = (key: string, how: KeyAlteration) =>
      authorizationLines({ kind: 'scheme', scheme: '', key: how, noSpace: true }, key, 'K');
    const expected: Record<Exclude<KeyAlteration, 'as-is'>, string> = {
      'case-flipped': 'OSK_tEST_1234',
      'first-letter-flipped': 'Osk_Test_1234',
      'last-letter-flipped': 'osk_TesT_1234',
      truncated: 'osk_Test_123',
      'without-first': 'sk_Test_1234',
      // Halves of 6 and 7 characters would be ordinary text: each part has PART_MIN (8).
      'first-half': 'osk_Test',
      'second-half': 'est_1234',
      extended: 'osk_Test_12344',
    };
    for (const [how, want] of Object.entries(expected) as Array<[KeyAlteration, string]>) {
      const { lines, secrets } = value(KEY, how);
      expect(lines, how).toEqual([want]);
      expect(
        secrets.map((s) => s.value),
        how,
      ).toEqual([want]);
      // The expression is what a reproduction runs: sh must give the altered key back from $K.
      const rebuilt = execFileSync('sh', ['-c', `printf '%s' "${secrets[0]!.expression}"`], {
        env: { PATH: process.env.PATH ?? '', K: KEY },
      }).toString();
      expect(rebuilt, how).toBe(want);
    }
    // A bare key: no scheme, no space.
    expect(value(KEY, 'as-is').lines).toEqual([KEY]);
  });

  it('sends halves of a long key, and parts of PART_MIN characters (one short of the key, at most) of a short one', () => {
    const part = (key: string, how: 'first-half' | 'second-half') =>
      authorizationLines({ kind: 'scheme', scheme: '', key: how, noSpace: true }, key, 'K').lines[0];
    expect(part('osk_live_0123456789ab', 'first-half')).toBe('osk_live_0');
    expect(part('osk_live_0123456789ab', 'second-half')).toBe('123456789ab');
    expect(part('key-aaaa', 'first-half')).toBe('key-aaa');
    expect(part('key-aaaa', 'second-half')).toBe('ey-aaaa');
    expect(PART_MIN).toBe(8);
  });

  it('knows a form that would send the key itself: a change of case of a key with no letter', () => {
    const flip = { kind: 'scheme', scheme: 'Bearer', key: 'first-letter-flipped' } as const;
    expect(sendsTheKey(flip, KEY)).toBe(false);
    expect(sendsTheKey(flip, '0123-4567')).toBe(true);
    expect(sendsTheKey({ ...flip, key: 'case-flipped', scheme: 'bearer' }, '0123-4567')).toBe(true);
    expect(sendsTheKey({ ...flip, after: ' x' }, '0123-4567')).toBe(false);
    expect(sendsTheKey({ ...flip, scheme: 'Token' }, '0123-4567')).toBe(false);
  });
});

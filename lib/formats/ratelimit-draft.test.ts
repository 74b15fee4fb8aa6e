import { describe, expect, it } from 'vitest';
import { announcedLimits, splitList } from './ratelimit-draft.ts';

describe('the IETF draft rate-limit fields', () => {
  it('reads each form servers send (express-rate-limit writes all three)', () => {
    expect(
      announcedLimits({
        'ratelimit-policy': '60;w=60',
        'ratelimit-limit': '60',
        'ratelimit-remaining': '57',
        'ratelimit-reset': '41',
      }),
    ).toEqual({
      limit: 60,
      remaining: 57,
      resetSeconds: 41,
      form: 'RateLimit-Remaining (draft -06 and before)',
    });
    expect(
      announcedLimits({ ratelimit: 'limit=60, remaining=57, reset=41', 'ratelimit-policy': '60;w=60' }),
    ).toEqual({
      limit: 60,
      remaining: 57,
      resetSeconds: 41,
      windowSeconds: 60,
      form: 'RateLimit (draft -07)',
    });
    expect(
      announcedLimits({
        ratelimit: '"default"; r=57; t=41',
        'ratelimit-policy': '"default"; q=60; w=60; pk=:MTIzNDU2Nzg5MGFi:',
      }),
    ).toEqual({
      limit: 60,
      remaining: 57,
      resetSeconds: 41,
      windowSeconds: 60,
      form: 'RateLimit (draft -08 and later)',
    });
  });

  it('takes the tightest of several policies, and nothing from fields that do not parse', () => {
    const two = announcedLimits({
      ratelimit: '"minute";r=3;t=10, "day";r=900;t=8000',
      'ratelimit-policy': '"minute";q=60;w=60, "day";q=1000;w=86400',
    });
    expect(two).toMatchObject({ remaining: 3, limit: 60, windowSeconds: 60 });
    expect(announcedLimits({ ratelimit: '"x";r=soon' })).toBeUndefined();
    expect(announcedLimits({ 'ratelimit-remaining': '-1' })).toBeUndefined();
    expect(announcedLimits({ 'x-ratelimit-remaining': '5' })).toBeUndefined();
  });

  it('splits lists outside quoted strings', () => {
    expect(splitList('"a,b";q=1, c')).toEqual(['"a,b";q=1', 'c']);
    expect(splitList(' , a ,')).toEqual(['a']);
  });
});

// The transcript keeps every field of an exchange: its record is built field by field (to stay small), so a
// field added to Exchange and not to that copy would vanish from every report. Typed so such a field fails
// to compile here.
import { describe, expect, it } from 'vitest';
import { type Exchange, Transcript } from './transcript.ts';

describe('Transcript.add', () => {
  it('keeps every field of the exchange it is given', () => {
    const full: Required<Omit<Exchange, 'seq'>> = {
      checkId: 'LIST-STATUS-200',
      together: 3,
      bucket: 'primary',
      startedAt: '2026-12-06T12:00:00.000Z',
      durationMs: 5,
      request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
      response: { status: 200, headers: {}, body: '[]', bodyBytes: 2, bodyTruncated: false },
      error: { code: 'E', message: 'm' },
      mayHaveTakenEffect: true,
      invalidRequest: 'on purpose',
      lengthOmitted: true,
      connection: 7,
    };
    const kept = new Transcript().add(full);
    expect({ ...kept }).toEqual({ seq: 1, ...full });
  });
});

// What counts as a consumed fixture, read from the exchanges of a run: a cancel of the id itself that was
// answered (or not at all), and any spelling of it a server accepted; never a refused spelling or a 401.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../lib/http/transcript.ts';
import { type FixtureAccount, fixtureLines } from './fixtures.ts';
import { consumedBy } from './fixtures-ledger.ts';

let seq = 0;
function del(segment: string, status: number | undefined, bucket: Exchange['bucket'] = 'primary'): Exchange {
  seq += 1;
  return {
    seq,
    checkId: 'CHECK-X',
    bucket,
    startedAt: '2026-11-22T10:00:00.000Z',
    durationMs: 1,
    request: { method: 'DELETE', url: `http://127.0.0.1:1/v1/store/orders/${segment}`, headers: {} },
    ...(status === undefined
      ? { error: { code: 'ECONNRESET', message: 'socket hang up' } }
      : { response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }),
  };
}

describe('consumedBy', () => {
  it('reads cancels of the id itself, accepted spellings, and nothing refused', () => {
    const pending = ['7', '8', '9', '10', '11', '12'];
    const got = consumedBy(
      [
        del('7', 204), // cancelled
        del('8', 409), // gone already
        del('9', undefined), // may have arrived
        del('10', 401), // the key refused: nothing cancelled
        del('0x0b', 404), // a spelling refused
        del('0x0c', 204), // a spelling accepted: order 12 is cancelled
        del('11', 204, 'anonymous'), // no key, accepted: cancelled all the same
        del('8', 204), // the first reading stays
      ],
      pending,
      'RUN-1',
    );
    expect(Object.keys(got).sort()).toEqual(['11', '12', '7', '8', '9']);
    expect(got['8']).toMatchObject({ answer: '409', check: 'CHECK-X', runId: 'RUN-1' });
    expect(got['9']!.answer).toBe('no response (ECONNRESET)');
    expect(got['12']).toMatchObject({ answer: '204', segment: '0x0c' });
    expect(got['7']!.segment).toBeUndefined();
  });
});

describe('fixtureLines', () => {
  /** An account whose plan gives ID-CANCEL-ISOLATION two of the pending fixtures given. */
  const account = (pending: string[], running: string[] = []): FixtureAccount =>
    ({
      plan: {
        checks: running.map((id) => ({ id, level: 'MUST', run: true })),
        fixtures: {
          uses: [{ pending: 2, by: 'ID-CANCEL-ISOLATION', serves: ['ID-CANCEL-ISOLATION'] }],
          pending: 2,
          pendingForAll: 2,
          shippedBy: [],
        },
      },
      pending,
      shipped: [],
      used: {},
      shownPending: [],
    }) as unknown as FixtureAccount;

  it('says when no pending fixture is at or above 2^53, naming the checks and the setting', () => {
    const line = fixtureLines(account(['1', '2'])).find((l) => l.includes('2^53'));
    expect(line).toMatch(
      /no pending fixture at or above 2\^53: .*ID-CANCEL-ISOLATION.*ID-LIST-LOSSLESS.*(--cancellable-order-ids|cancellableOrderIds)/,
    );
    expect(fixtureLines(account(['1', '9007199254740993'])).some((l) => l.includes('2^53'))).toBe(false);
  });

  it('gives the 2^53 pair to the isolation check and the int64 edges to their own sending, whatever the order given', () => {
    const MIN = '-9223372036854775808';
    const MAX = '9223372036854775807';
    const given = [MIN, '9007199254740993', '9007199254740992', MAX, '1001', '1002'];
    const edges = {
      ...account(given),
      plan: {
        checks: [
          'CANCEL-204-NO-CONTENT',
          'ID-CANCEL-ISOLATION',
          'ID-CANCEL-MISREAD',
          'CANCEL-PENDING-204',
        ].map((id) => ({ id, run: true })),
        fixtures: {
          uses: [
            {
              pending: 1,
              by: 'CANCEL-204-NO-CONTENT',
              sending: 'first cancel',
              serves: ['CANCEL-204-NO-CONTENT'],
            },
            { pending: 2, by: 'ID-CANCEL-ISOLATION', serves: ['ID-CANCEL-ISOLATION'] },
          ],
          pending: 3,
          pendingForAll: 3,
          shippedBy: [],
        },
      },
    } as unknown as FixtureAccount;
    const line = fixtureLines(edges).find((l) => l.startsWith('  pending fixtures'));
    expect(line).toBe(
      `  pending fixtures: the run takes 5 of 6 given: 1001 → CANCEL-204-NO-CONTENT; 9007199254740993, 9007199254740992 → ID-CANCEL-ISOLATION; ${MIN}, ${MAX} → CANCEL-PENDING-204, ID-CANCEL-MISREAD; 1 spare`,
    );
  });

  it('names the checks that cancel a spare fixture, only those planned to run', () => {
    const line = (running: string[]) =>
      fixtureLines(account(['1', '2', '3', '4'], running)).find((l) => l.includes('pending fixtures'));
    expect(line(['ID-CANCEL-ISOLATION', 'HTTP-CANCEL-PATH-ID'])).toMatch(
      /; 2 spare \(each of HTTP-CANCEL-PATH-ID cancels one while one is left\)$/,
    );
    expect(line(['ID-CANCEL-ISOLATION'])).toMatch(/; 2 spare$/);
  });
});

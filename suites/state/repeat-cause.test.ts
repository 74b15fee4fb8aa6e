// What the state findings name as the cause of a 2xx to a cancel of an order already cancelled: a server that
// answers 2xx to any repeat, a cancellation forgotten, or a race, by the repeats sent one after the other.
// Hand-made cancel histories, as cancel-histories.ts reads them from a transcript.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type CancelHistory, sequentialRepeats } from '../kit/cancel-histories.ts';
import { laterCause, lostCause, raceCause } from './repeat-cause.ts';

let seq = 0;
function cancel(id: string, at: number, status: number, together?: number): Exchange {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(1_800_000_000_000 + at).toISOString(),
    durationMs: 5,
    request: { method: 'DELETE', url: `http://127.0.0.1:9/v1/store/orders/${id}`, headers: {} },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    ...(together !== undefined ? { together } : {}),
  };
}

/** Order `id` cancelled at `at`, then the repeats and later cancels given. */
const history = (
  id: string,
  first: Exchange,
  repeats: Exchange[],
  later: Exchange[] = [],
): CancelHistory => ({
  id,
  first,
  repeats,
  later,
});

describe('sequentialRepeats', () => {
  it('leaves out a cancel on the wire with the first, and one sent with it (together)', () => {
    const h = history('7', cancel('7', 0, 204, 1), [cancel('7', 2, 204), cancel('7', 40, 204, 1)]);
    expect(sequentialRepeats([h])).toEqual({ letIn: undefined, refused: undefined });
  });

  it("puts the order's own repeat first", () => {
    const other = history('1', cancel('1', 0, 204), [cancel('1', 10, 204)]);
    const own = history('2', cancel('2', 20, 204), [cancel('2', 30, 409)]);
    const found = sequentialRepeats([other, own], '2');
    expect(found.refused?.h.id).toBe('2');
    expect(found.letIn?.h.id).toBe('1');
  });
});

describe('laterCause', () => {
  it("names CANCEL-REPEAT-NOT-2XX's finding when the repeat at once was 2xx too", () => {
    const h = history('1', cancel('1', 0, 204), [cancel('1', 10, 204)], [cancel('1', 70_000, 204)]);
    const why = laterCause([h], h);
    expect(why).toMatch(/^the repeat sent at once was answered 2xx too \(#\d+, 204\)/);
    expect(why).toContain("CANCEL-REPEAT-NOT-2XX's finding");
    expect(why).not.toMatch(/forgotten and/);
  });

  it('names a forgotten cancellation when the repeat at once was refused', () => {
    const h = history('1', cancel('1', 0, 204), [cancel('1', 10, 409)], [cancel('1', 70_000, 204)]);
    expect(laterCause([h], h)).toMatch(
      /^the cancellation was forgotten and the order taken for pending again: the repeat sent at once was refused \(#\d+, 409\)$/,
    );
  });

  it('says both are possible when no repeat was sent at once, or repeats went both ways', () => {
    const h = history('1', cancel('1', 0, 204), [], [cancel('1', 70_000, 204)]);
    expect(laterCause([h], h)).toMatch(/forgotten with time, or every cancel .* no repeat sent at once/);
    const a = history('2', cancel('2', 0, 204), [cancel('2', 10, 204)]);
    const b = history('3', cancel('3', 0, 204), [cancel('3', 10, 409)]);
    expect(laterCause([h, a, b], h)).toMatch(/answered both ways \(order 2: #\d+, 204; order 3: #\d+, 409\)/);
  });
});

describe('raceCause', () => {
  const race = () => {
    const won = [cancel('7', 100, 204, 9), cancel('7', 100, 204, 9)];
    return { won, h: history('7', won[0]!, [won[1]!]) };
  };

  it('shows no race where a repeat one after the other was 2xx too', () => {
    const { won, h } = race();
    const repeat = history('1', cancel('1', 0, 204), [cancel('1', 10, 204)]);
    expect(raceCause([repeat, h], '7', won, won)).toMatch(
      /^2 of 2 cancels of order 7 on the wire together succeeded \(204, 204\), as any cancel of an order already cancelled does on this server: .*so they show no race$/,
    );
  });

  it('names a race where a repeat one after the other was refused', () => {
    const { won, h } = race();
    const repeat = history('1', cancel('1', 0, 204), [cancel('1', 10, 409)]);
    expect(raceCause([repeat, h], '7', won, won)).toMatch(
      /cancelled more than once, .*; a repeat sent after its cancel was answered is refused \(order 1: #\d+, 409\), so only cancels at one moment both succeed/,
    );
  });

  it('says a race cannot be told where no repeat went one after the other', () => {
    const { won, h } = race();
    expect(raceCause([h], '7', won, won)).toMatch(/; no repeat sent one after the other tells a race/);
  });

  it('says which orders were cancelled at that moment and which stayed pending, naming both causes', () => {
    const { won, h } = race();
    const repeat = history('1', cancel('1', 0, 204), [cancel('1', 10, 409)]);
    const again = cancel('8', 200, 204);
    const gone = cancel('7', 210, 404);
    const moment = {
      others: [{ id: '8', statuses: [204] }],
      after: [
        { id: '7', again: gone },
        { id: '8', again },
      ],
    };
    const why = raceCause([repeat, h], '7', won, won, moment);
    expect(why).toMatch(/; cancels of order 8 \(204\) went at that moment too; /);
    expect(why).toMatch(
      /order 8 stayed pending \(order 8: #\d+, 204\), order 7 did not \(order 7: #\d+, 404\)/,
    );
    expect(why).toMatch(
      /either the check of an order's state and its change are not one step .*or each cancel saves the whole store from a copy read before the others' changes/,
    );
    const none = raceCause([repeat, h], '7', won, won, { ...moment, after: [{ id: '7', again: gone }] });
    expect(none).toMatch(/none stayed pending \(order 7: #\d+, 404\)/);
  });

  it('says which orders of a lost update went together and which stayed pending, naming both causes', () => {
    const moment = {
      others: [{ id: '8', statuses: [204] }],
      after: [
        { id: '7', again: cancel('7', 200, 204) },
        { id: '8', again: cancel('8', 210, 404) },
      ],
    };
    expect(lostCause('7', [204, 404], moment)).toMatch(
      /^cancels of order 7 \(204, 404\) and order 8 \(204\) went at one moment, more than one served; cancelled again once all were answered, order 7 stayed pending \(order 7: #\d+, 204\), order 8 did not \(order 8: #\d+, 404\): a cancel answered 2xx did not take effect: either each cancel saves the whole store .*\(the last save wins\), or .*\(check-then-act\)$/,
    );
  });
});

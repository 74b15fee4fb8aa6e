// Every order's listed object of a list body read at once, and the bounded reader that reads each distinct
// body once: the first item of an id wins, a byte order mark is read past, a body that is no list shows none,
// and a body let go of is read again. Pure; hand-made bodies.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { ListedReader, listedObjects } from './listed-objects.ts';

const bytes = (text: string) => Buffer.from(text);
const list = (seq: number) => ({ seq }) as Exchange;

describe('listedObjects', () => {
  it("reads each order's first listed object, member by member as JSON text, past a byte order mark", () => {
    const read = listedObjects(
      bytes('\uFEFF[{"id":7,"status":"pending"},{"id":"8","n":1},{"id":7,"status":"x"},{},5]'),
    );
    expect(read!.ids()).toEqual(['7', '8']);
    expect([...read!.get('7')!]).toEqual([
      ['id', '7'],
      ['status', '"pending"'],
    ]);
    expect(read!.get('8')!.get('n')).toBe('1');
  });

  it('shows nothing of a body that is not a readable list', () => {
    expect(listedObjects(bytes('[{"id":7}'))).toBeUndefined();
    expect(listedObjects(bytes('[]'))!.ids()).toEqual([]);
  });
});

describe('ListedReader', () => {
  it('reads a body once for every response with its bytes and every order asked, and again once let go', () => {
    const bodies = new Map<number, Uint8Array>();
    for (let seq = 1; seq <= 300; seq++) bodies.set(seq, bytes(`[{"id":${seq}},{"id":1000}]`));
    bodies.set(1001, bodies.get(1)!);
    const firsts = Array.from({ length: 301 }, (_, seq) => ({ seq }));
    let reads = 0;
    const reader = new ListedReader(
      (x) => {
        reads += 1;
        return bodies.get(x.seq);
      },
      // Response 1001 carried response 1's bytes: both named by the first.
      (x) => firsts[x.seq === 1001 ? 1 : x.seq],
    );
    expect(reader.objectOf(list(1), '1')?.get('id')).toBe('1');
    expect(reader.objectOf(list(1001), '1000')?.get('id')).toBe('1000');
    expect(reads).toBe(1);
    // 300 distinct bodies more than the reader keeps: the first is read again.
    for (let seq = 2; seq <= 300; seq++) reader.objectOf(list(seq), String(seq));
    expect(reads).toBe(300);
    expect(reader.objectOf(list(1), '1')?.get('id')).toBe('1');
    expect(reads).toBe(301);
  });

  it('reads each time when responses are not known by their bytes', () => {
    let reads = 0;
    const reader = new ListedReader(() => {
      reads += 1;
      return bytes('[{"id":7}]');
    });
    reader.objectOf(list(1), '7');
    reader.objectOf(list(1), '7');
    expect(reads).toBe(2);
    expect(reader.objectOf(list(2), '8')).toBeUndefined();
  });
});

// The stop on DELETEs of ids not given: which DELETE may act on a fixture, what closes the gate, and what it
// refuses once closed (never a fixture's DELETE, nor any other request).
import { describe, expect, it } from 'vitest';
import { SkipSignal } from '../../lib/check/skip.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { DeleteGate, deletedSegment, namesFixture, proofIn } from './delete-gate.ts';

const FIXTURES = ['7', '42', '9223372036854775807'];

function answered(seq: number, method: 'GET' | 'DELETE', path: string, status: number): Exchange {
  return {
    seq,
    checkId: 'T-ONE',
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method, url: `http://h/v1${path}`, headers: {} },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  } as Exchange;
}

describe('which DELETE may act on a fixture', () => {
  it('reads the last segment, its query and parameters cut, dot segments skipped', () => {
    expect(deletedSegment('/store/orders/123')).toBe('123');
    expect(deletedSegment('/store/orders/123/')).toBe('123');
    expect(deletedSegment('/store/orders/123;v=1?x=2')).toBe('123');
    expect(deletedSegment('/store/./orders/123/.')).toBe('123');
  });

  it('names a fixture when any reading of the segment does: spellings, roundings, wraps', () => {
    const ids = new Set(FIXTURES.map(BigInt));
    for (const path of ['/store/orders/7', '/store/orders/0x2A', '/store/orders/%207', '/store/orders/7abc'])
      expect(namesFixture(path, ids), path).toBe(true);
    for (const path of ['/store/orders/1103619909209205', '/store/orders/1e3', '/store/orders/1%2C000'])
      expect(namesFixture(path, ids), path).toBe(false);
  });
});

describe('DeleteGate', () => {
  const sent = (path: string) => ({ method: 'DELETE' as const, path });

  it('stays open on refusals and on 2xx to fixtures; the first 2xx to another id closes it', () => {
    const told: string[] = [];
    const gate = new DeleteGate(FIXTURES, (l) => told.push(l));
    gate.observe(answered(2, 'DELETE', '/store/orders/555', 404), undefined, sent('/store/orders/555'));
    gate.observe(answered(3, 'DELETE', '/store/orders/%2B7', 204), undefined, sent('/store/orders/%2B7'));
    gate.observe(answered(4, 'GET', '/store/orders', 200), undefined, {
      method: 'GET',
      path: '/store/orders',
    });
    expect(gate.proof).toBeUndefined();
    expect(() => gate.guard(sent('/store/orders/1e3'))).not.toThrow();
    gate.observe(answered(5, 'DELETE', '/store/orders/1e3', 204), undefined, sent('/store/orders/1e3'));
    expect(gate.proof).toEqual({ seq: 5, check: 'T-ONE', path: '/store/orders/1e3', status: 204 });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^stopped: exchange #5 \(DELETE \/store\/orders\/1e3, sent by T-ONE/);
  });

  it('once closed refuses every DELETE naming no fixture with the skip, and lets the rest go', () => {
    const gate = new DeleteGate(FIXTURES);
    gate.observe(answered(4, 'DELETE', '/store/orders/99', 200), undefined, sent('/store/orders/99'));
    for (const path of [
      '/store/orders/99',
      '/store/orders/123456789',
      '/store/orders/%201000',
      '/store/orders/',
    ])
      expect(() => gate.guard(sent(path)), path).toThrow(SkipSignal);
    try {
      gate.guard(sent('/store/orders/123456789'));
    } catch (e) {
      expect((e as SkipSignal).skip.reason).toMatch(/^left out: exchange #4 \(DELETE \/store\/orders\/99/);
      expect((e as SkipSignal).skip.cause).toEqual({ kind: 'outcome' });
    }
    for (const path of ['/store/orders/7', '/store/orders/42', '/store/orders/007'])
      expect(() => gate.guard(sent(path)), path).not.toThrow();
    expect(() => gate.guard({ method: 'GET', path: '/store/orders' })).not.toThrow();
    // A write of an order path is refused like its DELETE; a write of the list (no order named) is not.
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      expect(() => gate.guard({ method, path: '/store/orders/99' }), method).toThrow(SkipSignal);
      expect(() => gate.guard({ method, path: '/store/orders/7' }), method).not.toThrow();
      expect(() => gate.guard({ method, path: '/store/orders' }), method).not.toThrow();
    }
  });

  it('reads the same proof from a transcript, below the base path', () => {
    const xs = [
      answered(1, 'GET', '/store/orders', 200),
      answered(2, 'DELETE', '/store/orders/7', 204),
      answered(3, 'DELETE', '/store/orders/1103619909209205', 204),
    ];
    expect(proofIn(xs, FIXTURES, '/v1')).toEqual({
      seq: 3,
      check: 'T-ONE',
      path: '/store/orders/1103619909209205',
      status: 204,
    });
    expect(proofIn(xs.slice(0, 2), FIXTURES, '/v1')).toBeUndefined();
  });
});

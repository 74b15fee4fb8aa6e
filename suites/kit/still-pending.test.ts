// The proof that a fixture is still pending, and the pool that hands one given back to another check only once
// proven: refusals then a list showing it, never a fixture whose state is in doubt.
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../lib/config/run-config.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { FixtureFacts } from './fixture-facts.ts';
import { pendingProof } from './still-pending.ts';
import type { Snapshot } from './store-lists.ts';

/** An exchange `ms` milliseconds into the run, lasting 1 ms; status undefined: no answer. */
function x(seq: number, method: 'GET' | 'DELETE', path: string, status?: number): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(seq * 10).toISOString(),
    durationMs: 1,
    request: { method, url: `http://h/v1${path}`, headers: {} },
    ...(status !== undefined
      ? { response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false } }
      : {}),
  } as Exchange;
}

/** Lists by exchange number, each showing the ids given. */
function lists(shown: Record<number, string[]>): (e: Exchange) => Snapshot | undefined {
  return (e) => {
    const ids = shown[e.seq];
    return ids
      ? { has: (id) => ids.includes(id), added: new Set(), removed: new Set(), unnamed: 0 }
      : undefined;
  };
}

describe('pendingProof', () => {
  it('proves a fixture whose every DELETE was refused and that a list after the last shows', () => {
    const xs = [
      x(1, 'GET', '/store/orders'),
      x(2, 'DELETE', '/store/orders/0xd', 400),
      x(3, 'DELETE', '/store/orders/%2B13', 404),
      x(4, 'GET', '/store/orders'),
    ];
    const proof = pendingProof(xs, lists({ 1: ['13'], 4: ['13'] }), '13');
    expect(proof).toBe(
      'list #4 shows it after 2 refused DELETEs that may name it (the last #3, answered 404)',
    );
  });

  it('never proves one whose state is in doubt: a 2xx to a spelling, a 5xx, no answer, no list after', () => {
    const list = (seq: number) => x(seq, 'GET', '/store/orders');
    const shows = lists({ 1: ['13'], 3: ['13'] });
    expect(
      pendingProof([list(1), x(2, 'DELETE', '/store/orders/015', 204), list(3)], shows, '13'),
    ).toBeUndefined();
    expect(
      pendingProof([list(1), x(2, 'DELETE', '/store/orders/13', 503), list(3)], shows, '13'),
    ).toBeUndefined();
    expect(pendingProof([list(1), x(2, 'DELETE', '/store/orders/13'), list(3)], shows, '13')).toBeUndefined();
    expect(pendingProof([list(1), x(2, 'DELETE', '/store/orders/13', 429)], shows, '13')).toBeUndefined();
  });

  it('reads the last list only, and not one inside the lag the server declared', () => {
    const xs = [
      x(1, 'DELETE', '/store/orders/13', 400),
      x(2, 'GET', '/store/orders'),
      x(3, 'GET', '/store/orders'),
    ];
    expect(pendingProof(xs, lists({ 2: ['13'], 3: [] }), '13')).toBeUndefined();
    expect(pendingProof(xs, lists({ 2: ['13'], 3: ['13'] }), '13', 15)).toBe(
      'list #3 shows it after 1 refused DELETE that may name it (the last #1, answered 400)',
    );
    expect(pendingProof(xs, lists({ 2: ['13'], 3: ['13'] }), '13', 100)).toBeUndefined();
  });
});

describe('FixtureFacts.reclaim', () => {
  // Only the fixtures are read.
  const config = { cancellableOrderIds: ['10', '13'], shippedOrderIds: [] } as unknown as RunConfig;

  it('hands out a fixture given back only once proven, and only once', () => {
    const facts = new FixtureFacts(config);
    let proven = false;
    facts.proveWith((id) => (proven && id === '13' ? 'list #4 shows it' : undefined));
    facts.takeCancellableId('13');
    facts.release('13', 'the spelling trial');
    expect(facts.reclaim('STATE-CANCEL-RACE')).toBeUndefined();
    proven = true;
    expect(facts.reclaim('STATE-CANCEL-RACE')).toBe('13');
    expect(facts.reclaim('STATE-CANCEL-RACE')).toBeUndefined();
    expect(facts.returned).toEqual([
      { id: '13', from: 'the spelling trial', proof: 'list #4 shows it', to: 'STATE-CANCEL-RACE' },
    ]);
  });

  it('takes a spare for the held fixture from those given back when none is left untaken', () => {
    const facts = new FixtureFacts(config);
    facts.proveWith(() => 'list #9 shows it');
    facts.holdBack();
    const held = facts.heldFixture!;
    const other = held === '10' ? '13' : '10';
    expect(facts.takeCancellableId(other)).toBe(true);
    expect(facts.holdSpare()).toBeUndefined();
    facts.release(other, 'the spelling trial');
    expect(facts.holdSpare()).toBe(other);
    expect(facts.heldFixture).toBe(other);
  });
});

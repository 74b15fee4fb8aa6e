// Every fault of the catalogue really changes what a client observes, compared with the faithful server: its
// proof's probe sees `faithful` on the faithful server and `faulty` with the fault alone switched on. Whether
// the conformance checks catch it is test/faults/matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { type FaultId, startReferenceServer } from '../../reference/server.ts';
import { cancelled } from '../support/probes.ts';
import { call, fakeClock } from '../support/reference-calls.ts';
import { FAULT_PROOFS } from './index.ts';
import type { FaultProof } from './proof.ts';

async function observe(p: FaultProof, faults: string[]): Promise<unknown> {
  const clock = fakeClock();
  const server = await startReferenceServer({ ...p.options, faults, clock: clock.read });
  try {
    return await p.probe(server, clock);
  } finally {
    await server.close();
  }
}

const PROOFS = (Object.entries(FAULT_PROOFS) as Array<[FaultId, FaultProof]>).map(([id, p]) => ({
  id,
  ...p,
}));

it('has a proof for every fault to observe', () => {
  expect(PROOFS.length).toBeGreaterThan(0);
});

describe.each(PROOFS)('fault $id', (p) => {
  it('is absent from the faithful server', async () => {
    expect(await observe(p, [])).toEqual(p.faithful);
  });

  it('changes the observed behaviour when switched on', async () => {
    expect(p.faulty).not.toEqual(p.faithful);
    expect(await observe(p, [p.id])).toEqual(p.faulty);
  });
});

describe('faults that bend different steps compose as a server with both bugs would', () => {
  it('int64-number-ids reads the id, then the lookup finds nothing: cancel-unknown-204 answers it', async () => {
    const server = await startReferenceServer({ faults: ['int64-number-ids', 'cancel-unknown-204'] });
    try {
      const statuses = [];
      for (const path of ['/store/orders/5', '/store/orders/+5', '/store/orders/9007199254740993'])
        statuses.push((await call(server, path, { method: 'DELETE' })).status);
      // An unknown id (read as a number or not) is 204; a known one still reaches its rounded twin.
      expect(statuses).toEqual([204, 204, 204]);
      expect(cancelled(server)).toEqual(['9007199254740992']);
    } finally {
      await server.close();
    }
  });
});

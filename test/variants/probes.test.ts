// Every variant of the catalogue really changes what a client observes, compared with the default server: its
// proof's probe sees `standard` on the default server and `variant` with the variant alone switched on.
// Whether the conformance suite stays silent on each is test/variants/matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { startReferenceServer, type VariantId } from '../../reference/server.ts';
import { fakeClock } from '../support/reference-calls.ts';
import { VARIANT_PROOFS } from './index.ts';
import type { VariantProof } from './proof.ts';

async function observe(p: VariantProof, variants: string[]): Promise<unknown> {
  const clock = fakeClock();
  const server = await startReferenceServer({ ...p.options, variants, clock: clock.read });
  try {
    return await p.probe(server, clock);
  } finally {
    await server.close();
  }
}

const PROOFS = (Object.entries(VARIANT_PROOFS) as Array<[VariantId, VariantProof]>).map(([id, p]) => ({
  id,
  ...p,
}));

it('has a proof for every variant to observe', () => {
  expect(PROOFS.length).toBeGreaterThan(0);
});

describe.each(PROOFS)('variant $id', (p) => {
  it('is absent from the default server', async () => {
    expect(await observe(p, [])).toEqual(p.standard);
  });

  it('changes the observed behaviour when switched on', async () => {
    expect(p.variant).not.toEqual(p.standard);
    expect(await observe(p, [p.id])).toEqual(p.variant);
  });
});

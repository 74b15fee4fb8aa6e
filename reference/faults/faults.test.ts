// Every fault in the catalogue really changes what a client observes, compared with the faithful server.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../server.ts';
import { call, fakeClock } from '../test-helpers.ts';
import { API_CASES } from './api-cases.ts';
import { FAULTS } from './catalogue.ts';
import type { FaultCase } from './fault-case.ts';
import { FaultSet } from './fault-set.ts';
import { RATE_LIMIT_CASES } from './rate-limit-cases.ts';

const CASES = [...API_CASES, ...RATE_LIMIT_CASES];

async function observe(c: FaultCase, faults: string[]): Promise<unknown> {
  const clock = fakeClock();
  const server = await startReferenceServer({ ...c.options, faults, clock: clock.read });
  try {
    return await c.probe(server, clock);
  } finally {
    await server.close();
  }
}

describe('fault catalogue', () => {
  it('has unique ids, each with an area, the rule it breaks and a description', () => {
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const f of FAULTS) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(f.breaks).toMatch(/spec §\d|RFC \d+ §/);
      expect(f.description.length).toBeGreaterThan(10);
    }
  });

  it('has exactly one test case per fault', () => {
    expect(CASES.map((c) => c.id).sort()).toEqual(FAULTS.map((f) => f.id).sort());
  });

  it('is tabled in reference/README.md row for row', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const f of FAULTS) expect(readme).toContain(`| \`${f.id}\` | ${f.area} | ${f.breaks} |`);
  });

  it('FaultSet refuses unknown ids and ignores blanks', () => {
    expect(() => new FaultSet(['list-wrapped', 'list-wraped'])).toThrow(/"list-wraped".*--list-faults/);
    expect(new FaultSet([' list-wrapped ', '']).list()).toEqual(['list-wrapped']);
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
      expect(
        server
          .orders()
          .filter((o) => o.status === 'cancelled')
          .map((o) => o.id),
      ).toEqual(['9007199254740992']);
    } finally {
      await server.close();
    }
  });
});

describe.each(CASES)('fault $id', (c) => {
  it('is absent from the faithful server', async () => {
    expect(await observe(c, [])).toEqual(c.faithful);
  });

  it('changes the observed behaviour when switched on', async () => {
    expect(c.faulty).not.toEqual(c.faithful);
    expect(await observe(c, [c.id])).toEqual(c.faulty);
  });
});

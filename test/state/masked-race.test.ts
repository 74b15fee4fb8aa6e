// A refusal carried out spends the race's fixture: the probe's cancel past the limit answered 429 but
// cancelled the held fixture (the limiter runs after the handler), and a later list no longer shows it. The
// race must see that fixture as spent and race one another check gave back proven pending, so a racy
// cancel is still caught (issue 37: one bug hid another on a blind round's server).
import { describe, expect, it } from 'vitest';
import { EMBEDDED_RATE_LIMIT } from '../../engine/run-target.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { FIVE_PENDING } from '../faults/proof.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';

// Each run mostly waits out the embedded window (10 s, twice), so the two go side by side on their own servers
// and ports; each closes its own server, as the shared after-each close would end its neighbour's.
describe.concurrent('a 429 carried out', () => {
  describe('STATE-CANCEL-RACE after a 429 that was carried out', () => {
    it('races a fixture given back, and fails the racy cancel', { timeout: 120_000 }, async () => {
      const server = await startReferenceServer({
        rateLimit: EMBEDDED_RATE_LIMIT,
        orders: FIVE_PENDING,
        faults: ['cancel-then-429', 'cancel-not-atomic'],
      });
      const run = await runCliInProcess(['--seed', '7'], { env: targetEnv(server) }).finally(() =>
        server.close(),
      );
      const summary = `${run.stdout}\n${run.stderr}`;
      expect(summary).toMatch(
        /order 14 was no longer pending \(both cancels refused\): racing fixture \d+ in its place/,
      );
      const race = checkOf(run, 'STATE-CANCEL-RACE');
      expect(race.status, `${race.message}\n${summary}`).toBe('fail');
      expect(race.message).toMatch(/cancels of order \d+ on the wire together succeeded \(204, 204\)/);
    });
  });

  describe('STATE-429-CHANGES-NOTHING on a store that keeps cancelled orders listed', () => {
    // The fixtures are given, not minted (nothing vouches for them before the run), and a cancelled order stays
    // listed, so listing the held fixture shows nothing; its status "pending" in the lists before the probe does.
    it('fails the 429 carried out, shown pending by the lists’ status', { timeout: 120_000 }, async () => {
      const server = await startReferenceServer({
        rateLimit: EMBEDDED_RATE_LIMIT,
        orders: FIVE_PENDING,
        faults: ['cancel-then-429'],
        variants: ['order-extra-fields'],
      });
      const run = await runCliInProcess(['--seed', '7'], { env: targetEnv(server) }).finally(() =>
        server.close(),
      );
      const summary = `${run.stdout}\n${run.stderr}`;
      const c = checkOf(run, 'STATE-429-CHANGES-NOTHING');
      expect(c.status, `${c.message}\n${summary}`).toBe('fail');
      expect(c.message).toMatch(
        /pending order 14 was refused \(#\d+ DELETE \/store\/orders\/14 → 429\), then its next cancel with the key answered 409 .*not 2xx \(still pending\), though a list before the refusal showed it with the status "pending"/,
      );
    });
  });
});

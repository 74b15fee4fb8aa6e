// How one key's answers read as counts: a limiter with one count per key and one unit per request shows
// nothing; one that charges a kind of request double, or counts per path or method, shows, and a refilling
// bucket, other credentials' requests in between and concurrent requests are not taken for either.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { BASE, del, list, RESET, run, type Sent } from '../../test/support/key-traffic.ts';
import { countApart, remainingMisbehaves } from './limiter-buckets.ts';
import { overcharged, type Prediction, readBuckets, unruled } from './limiter-counts.ts';
import { keyRequests } from './limiter-requests.ts';

const read = (xs: Exchange[]) => readBuckets(keyRequests(xs, '/v1'));

describe('readBuckets', () => {
  it('finds nothing in one count per key that falls by one a request, across methods and paths', () => {
    const xs = run(list(59), del('1', 58), del('2', 57), { path: '/pets/3', remaining: 56 }, list(55));
    const b = read(xs);
    expect([b.separate, overcharged(b.steps), b.judged, b.steps.length]).toEqual([undefined, [], 4, 4]);
    expect(remainingMisbehaves(xs, BASE)).toBeUndefined();
  });

  it('names the route whose requests take two, and not the others', () => {
    const xs = run(list(59), del('1', 57), del('2', 55), del('3', 53), list(52), del('4', 50));
    const over = overcharged(read(xs).steps);
    expect(over.map((o) => [o.route, o.over.length, o.steps])).toEqual([
      ['DELETE /store/orders/{orderId}', 4, 4],
    ]);
    expect(remainingMisbehaves(xs, BASE)).toMatch(/fell by more than one for 4 of 4 DELETE/);
  });

  it('takes a fall of two now and then for other traffic on the key, not a rule', () => {
    const xs = run(list(59), del('1', 56), del('2', 55), del('3', 54), del('4', 53), del('5', 51));
    expect(overcharged(read(xs).steps)).toEqual([]);
    // Nor does it say each fell by one: those steps are left unjudged.
    expect(unruled(read(xs).steps).map((p) => p.r.remaining)).toEqual([56, 51]);
  });

  it('takes a fall of two across another exchange of the run for what that one may have drawn', () => {
    const xs = run(list(59), { path: '/store/orders', bucket: 'anonymous', status: 401 }, del('1', 57));
    expect(read(xs).steps.map((p) => p.r.x.seq)).toEqual([3]);
    expect(unruled(read(xs).steps)).toEqual([]);
  });

  it('leaves a weighted request seen on too few steps unjudged, not passed', () => {
    // A short walk of a DELETE charged two: one step shows it, too few to be its rule.
    const xs = run(del('1', 4), del('1', 3), del('1', 1));
    const steps = read(xs).steps;
    expect(overcharged(steps)).toEqual([]);
    expect(unruled(steps).map((p) => [p.from?.remaining, p.r.remaining])).toEqual([[3, 1]]);
    expect(steps).toHaveLength(2);
  });

  it('hands out its steps one by one as it lists them, and reads the same findings from either', () => {
    const shown = (p: Prediction) => [p.r.x.seq, p.from?.x.seq, p.predicted];
    /** The steps handed out, then listed, then handed out again; the findings read both ways. */
    const bothWays = (xs: Exchange[]) => {
      const fresh = read(xs);
      const streamed: unknown[] = [];
      fresh.eachStep((p) => streamed.push(shown(p)));
      const fromStream = [overcharged(fresh), unruled(fresh)];
      const listed = fresh.steps.map(shown);
      const again: unknown[] = [];
      fresh.eachStep((p) => again.push(shown(p)));
      return {
        streamed,
        listed,
        again,
        fromStream,
        fromList: [overcharged(fresh.steps), unruled(fresh.steps)],
      };
    };
    const weighted = bothWays(
      run(list(59), del('1', 57), del('2', 55), del('3', 53), list(52), del('4', 50)),
    );
    expect(weighted.streamed).toHaveLength(5);
    expect(weighted.listed).toEqual(weighted.streamed);
    expect(weighted.again).toEqual(weighted.streamed);
    expect(weighted.fromList).toEqual(weighted.fromStream);
    expect((weighted.fromStream[0] as unknown[]).length).toBe(1);
    const unsure = bothWays(
      run(list(59), del('1', 56), del('2', 55), del('3', 54), del('4', 53), del('5', 51)),
    );
    expect(unsure.listed).toEqual(unsure.streamed);
    expect(unsure.fromList).toEqual(unsure.fromStream);
    expect((unsure.fromStream[1] as unknown[]).length).toBe(2);
    const perPath = bothWays(run(list(59), del('1', 59), del('1', 58), list(58), del('2', 59), del('2', 58)));
    expect(perPath.streamed.length).toBeGreaterThan(0);
    expect(perPath.listed).toEqual(perPath.streamed);
    expect(perPath.fromList).toEqual(perPath.fromStream);
  });

  it('tells a count per path, and per method, from one per key', () => {
    const perPath = read(run(list(59), del('1', 59), del('1', 58), list(58), del('2', 59), del('2', 58)));
    expect([perPath.separate?.part, perPath.separate?.rises.length]).toEqual(['path', 3]);
    expect(overcharged(perPath.steps)).toEqual([]);
    const perMethod = read(run(list(59), del('1', 59), del('2', 58), list(58), del('3', 57), list(57)));
    expect(perMethod.separate?.part).toBe('method');
  });

  it('tells a count per method and path from one per path, per route and per method', () => {
    // Flask-Limiter keys a request no endpoint matches (an API served elsewhere than the base) by its method
    // and path: a HEAD apart from its GET, each order's cancel apart from another's.
    const at = (method: string, path: string, remaining: number): Sent => ({ method, path, remaining });
    const b = read(
      run(
        at('GET', '/store/orders', 59),
        at('DELETE', '/store/orders/1', 59),
        at('GET', '/store/orders', 58),
        at('DELETE', '/store/orders/2', 59),
        at('HEAD', '/store/orders', 59),
        at('DELETE', '/store/orders/1', 58),
        at('GET', '/store/orders', 57),
        at('DELETE', '/store/orders/2', 58),
        at('HEAD', '/store/orders', 58),
      ),
    );
    expect([b.separate?.part, b.separate?.misfits]).toEqual(['method and path', undefined]);
    expect(overcharged(b.steps)).toEqual([]);
  });

  it('tells counts per route whose windows each open with their own first request', () => {
    // Flask-Limiter's per-endpoint default: the list's window and the cancel's each name their own Reset.
    const A = RESET;
    const B = RESET + 17;
    const pets = (remaining: number): Sent => ({ path: '/pets/5', remaining, reset: RESET + 9 });
    const xs = run(
      list(59, { reset: A }),
      del('1', 59, { reset: B }),
      list(58, { reset: A }),
      pets(59),
      del('2', 58, { reset: B }),
      list(57, { reset: A }),
      del('3', 57, { reset: B }),
    );
    const b = read(xs);
    expect([b.separate?.part, b.separate?.ownWindows, b.separate?.rises.length]).toEqual(['route', true, 6]);
    expect(remainingMisbehaves(xs, BASE)).toMatch(/separate count per route/);
    // One window each, but one count for the key across them: no route keeps its own window.
    const moving = run(
      list(59, { reset: A }),
      del('1', 58, { reset: A + 4 }),
      list(57, { reset: A + 8 }),
      del('2', 56, { reset: A + 12 }),
    );
    expect(read(moving).separate).toBeUndefined();
  });

  it('reads counts per route keyed a little finer than any partition as counts per route, naming the misfits', () => {
    // Express keyed by method and router: HEAD apart from GET, every path under an order in the cancel's
    // count. One count per key misreads every change of route; per route only the HEAD and what follows it.
    const head: Sent = { method: 'HEAD', path: '/store/orders', remaining: 59 };
    const pets = (remaining: number): Sent => ({ path: '/pets/5', remaining });
    const xs = run(
      list(59),
      list(58),
      list(57),
      del('1', 59),
      del('2', 58),
      list(56),
      pets(59),
      del('3', 57),
      del('4', 56),
      del('5', 55),
      del('6', 54),
      list(55),
      list(54),
      del('7', 53),
      del('8', 52),
      pets(58),
      del('9', 51),
      list(53),
      head,
      list(52),
      del('10', 50),
      del('11', 49),
      del('12', 48),
      list(51),
      list(50),
      del('13', 47),
    );
    const b = read(xs);
    expect(b.separate?.part).toBe('route');
    expect(b.separate?.misfits?.map((p) => [p.r.x.seq, p.r.remaining, p.predicted])).toEqual([
      [19, 59, 52],
      [20, 52, 58],
    ]);
    expect(remainingMisbehaves(xs, BASE)).toMatch(/separate count per route/);
    // The walk's absent-id cancels and the held fixture's are of one route: one count.
    const walked = { method: 'DELETE', path: '/store/orders/123456789' };
    expect(countApart(xs, BASE, walked, { method: 'DELETE', path: '/store/orders/5' })).toBeUndefined();
    expect(countApart(xs, BASE, { method: 'GET', path: '/store/orders' }, walked)).toMatch(/per route/);
    // The steps to and from the answers no count explains measure no weight.
    expect(unruled(b.steps)).toEqual([]);
  });

  it('does not take a refilling bucket whose routes alternate for counts per route, even nearly', () => {
    // One count that a token comes back to now and then: every change of route misreads as a count per route.
    const xs = run(
      list(59),
      del('1', 58),
      list(57),
      del('2', 57),
      list(56),
      del('3', 55),
      list(54),
      list(54),
      del('4', 53),
      list(52),
      del('5', 51),
      del('6', 51),
      list(50),
      del('7', 49),
      list(48),
      del('8', 47),
    );
    expect(read(xs).separate).toBeUndefined();
  });

  it('names a weighted request on a refilling limiter, which falls by one on some steps', () => {
    const xs = run(list(59), del('1', 57), del('2', 56), del('3', 54), del('4', 52), del('5', 51));
    expect(overcharged(read(xs).steps).map((o) => [o.route, o.over.length, o.steps])).toEqual([
      ['DELETE /store/orders/{orderId}', 3, 5],
    ]);
  });

  it('does not take a refilling bucket for separate counts', () => {
    // A token back now and then: Remaining stays on some steps, Reset moves later with each request.
    const xs = run(
      list(59, { reset: RESET }),
      del('1', 58, { reset: RESET }),
      del('2', 58, { reset: RESET + 1 }),
      list(57, { reset: RESET + 1 }),
      del('3', 57, { reset: RESET + 1 }),
      del('3', 56, { reset: RESET + 2 }),
    );
    const b = read(xs);
    expect([b.separate, overcharged(b.steps)]).toEqual([undefined, []]);
  });

  it('reads no step across another credential’s request that may have been charged, or a concurrent one', () => {
    const between = run(
      list(59),
      { path: '/store/orders', bucket: 'anonymous', status: 200 },
      del('1', 57),
      del('2', 55),
      del('3', 53),
    );
    // The first DELETE follows a request the key may have been charged for: only two steps are read.
    expect(read(between).steps.map((p) => p.r.x.seq)).toEqual([4, 5]);
    expect(overcharged(read(between).steps)).toEqual([]);
    // A 401 is the address's: it breaks nothing.
    const refused = run(list(59), { path: '/store/orders', bucket: 'anonymous', status: 401 }, del('1', 58));
    expect(read(refused).steps.map((p) => p.r.x.seq)).toEqual([3]);
    // Three requests in flight at once: no order among them.
    const burst = run(
      list(59),
      del('1', 57, { at: 20, took: 30 }),
      del('1', 58, { at: 21, took: 5 }),
      del('1', 56, { at: 22, took: 40 }),
    );
    expect(read(burst).steps).toEqual([]);
  });

  it('judges nothing without Remaining, and reads 429s as no step', () => {
    expect(read(run(list(), del('1'))).judged).toBe(0);
    const limited = read(
      run(list(1), del('1', 0), del('2', 0, { status: 429 }), del('3', 0, { status: 429 })),
    );
    expect(limited.steps.map((p) => p.r.x.seq)).toEqual([2]);
  });
});

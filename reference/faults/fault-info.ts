// What a named fault of the reference server is (its id, area, where it acts, the rule it breaks) and the
// helpers the catalogue's area files build them with. Types and pure helpers only; no fault is listed here.

/**
 * The areas of the spec, in its order: the one list of names every tree of the project uses (suites/areas.ts
 * holds the same list for the suites; test/architecture/areas.test.ts keeps them equal). The reference server stands alone,
 * so it keeps its own copy.
 */
export const AREAS = [
  'list',
  'cancel',
  'state',
  'order-id',
  'auth',
  'pets',
  'versioning',
  'errors',
  'rate-limit',
  'http',
] as const;

export type Area = (typeof AREAS)[number];

/**
 * Where a fault acts: a route it bends (the list, a cancel, the orderId reader, the pets route, a path
 * spelled another way, any route reached with the key), or any response whatever its route (the auth gate,
 * Error bodies, the limiter). A fault acting on a route shows only where a request reaches that route.
 */
export type Place = 'list' | 'cancel' | 'order-id' | 'pets' | 'spelled path' | 'keyed route' | 'any response';

export interface FaultInfo {
  readonly id: string;
  readonly area: Area;
  readonly acts: Place;
  /** The spec rule or RFC clause a server with this fault breaks. */
  readonly breaks: string;
  readonly description: string;
}

/** One fault of an area file; its id keeps its literal type, so the proofs can be typed by area. */
export const fault = <const Id extends string>(id: Id, acts: Place, breaks: string, description: string) => ({
  id,
  acts,
  breaks,
  description,
});

/** The faults of one area file, each marked with the area the file is named after. */
export const faultsOf = <const A extends Area, const F extends readonly Omit<FaultInfo, 'area'>[]>(
  area: A,
  faults: F,
) =>
  faults.map((f) => ({ ...f, area })) as unknown as { readonly [K in keyof F]: F[K] & { readonly area: A } };

// What a named fault of the reference server is (its id, area, the rule it breaks) and the helper the
// catalogue's area files build them with. Types only and one pure helper; no fault is listed here.

export type FaultArea =
  | 'status'
  | 'errors'
  | 'auth'
  | 'list'
  | 'order-id'
  | 'headers'
  | 'rate-limit'
  | 'deprecation';

export interface FaultInfo {
  readonly id: string;
  readonly area: FaultArea;
  /** The spec rule or RFC clause a server with this fault breaks. */
  readonly breaks: string;
  readonly description: string;
}

/** Keeps each id and area as literal types, so the proofs can be typed by area (FaultIn in test/faults/). */
export const fault = <const Id extends string, const Area extends FaultArea>(
  id: Id,
  area: Area,
  breaks: string,
  description: string,
) => ({
  id,
  area,
  breaks,
  description,
});

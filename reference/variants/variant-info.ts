// What a named variant of the reference server is (its id, area, the clause that allows it) and the helpers the
// catalogue's area files build them with. Types and pure helpers only; no variant is listed here.
import type { Area } from '../faults/fault-info.ts';

export interface VariantInfo {
  readonly id: string;
  readonly area: Area;
  /** The spec clause or RFC section that allows this choice. */
  readonly allows: string;
  readonly description: string;
}

/** One variant of an area file; its id keeps its literal type, so the proofs can be typed by area. */
export const variant = <const Id extends string>(id: Id, allows: string, description: string) => ({
  id,
  allows,
  description,
});

/** The variants of one area file, each marked with the area the file is named after. */
export const variantsOf = <const A extends Area, const V extends readonly Omit<VariantInfo, 'area'>[]>(
  area: A,
  variants: V,
) =>
  variants.map((v) => ({ ...v, area })) as unknown as {
    readonly [K in keyof V]: V[K] & { readonly area: A };
  };

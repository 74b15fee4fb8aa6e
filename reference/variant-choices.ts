// What the store-level and limiter variants choose at start: the seed, the base path, the limiter family.
// Must not touch requests: per-request choices sit in the code they bend (and in shape.ts for replies).

import type { LimiterFamily } from './limiter-meters.ts';
import { DEFAULT_ORDERS, type SeedOrder } from './seed.ts';
import type { VariantSet } from './variants/variant-set.ts';

/** Orders in the store of variant large-store. */
export const LARGE_STORE_SIZE = 50_000;
/** Orders in the store of variant page-sized-store: a count a paged API might show as one page. */
export const PAGE_SIZED_STORE_SIZE = 10;
const GENERATED_FROM = 1_000_000n;

export function familyOf(variants: VariantSet): LimiterFamily {
  if (variants.has('limiter-epoch-window')) return 'epoch';
  if (variants.has('limiter-sliding-log')) return 'sliding-log';
  if (variants.has('limiter-token-bucket')) return 'token-bucket';
  return 'fixed';
}

/** The path before /v1: variant base-path-deep serves /api/store/v1. */
export function basePathOf(variants: VariantSet): string {
  return variants.has('base-path-deep') ? '/api/store' : '';
}

/** The seed, and how many of its first orders are fixtures (generated ones never are). */
export function seedOf(
  variants: VariantSet,
  orders: SeedOrder[] | undefined,
): { orders: readonly SeedOrder[]; fixtureCount: number } {
  const store =
    variants.has('empty-store') || variants.has('large-store') || variants.has('page-sized-store');
  if (store && orders !== undefined)
    throw new Error(
      'variants empty-store, large-store and page-sized-store replace the seed; do not pass orders as well',
    );
  if (variants.has('empty-store')) return { orders: [], fixtureCount: 0 };
  const base = orders ?? DEFAULT_ORDERS;
  const size = variants.has('large-store')
    ? LARGE_STORE_SIZE
    : variants.has('page-sized-store')
      ? PAGE_SIZED_STORE_SIZE
      : undefined;
  if (size === undefined) return { orders: base, fixtureCount: base.length };
  const generated: SeedOrder[] = [];
  for (let i = 0; generated.length < size - base.length; i++) {
    generated.push({
      id: GENERATED_FROM + BigInt(i),
      petId: 200n + BigInt(i % 5000),
      quantity: 1 + (i % 9),
      shipDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`,
      complete: i % 3 === 0,
      status: i % 3 === 0 ? 'shipped' : 'pending',
    });
  }
  return { orders: [...base, ...generated], fixtureCount: base.length };
}

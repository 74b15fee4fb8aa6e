// The operations' paths below the base URL (spec §4, §9 rule 3). Ids are sent exactly as given.

export const ORDERS = '/store/orders';

export function orderPath(segment: string): string {
  return `${ORDERS}/${segment}`;
}

export function petPath(segment: string): string {
  return `/pets/${segment}`;
}

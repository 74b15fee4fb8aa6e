// int64 as the spec's orderId is typed (spec §4 cancelOrder path parameter): bounds and the canonical
// decimal spelling, on bigint so nothing passes through a JS number.

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function inInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** "0" or an optional "-" then digits without a leading zero, within int64. */
export function isCanonicalInt64(text: string): boolean {
  return /^(0|-?[1-9]\d*)$/.test(text) && text.length <= 20 && inInt64(BigInt(text));
}

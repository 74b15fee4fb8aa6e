// Seeded randomness for every choice a run makes outside fast-check (e.g. which absent id to use), so a
// run replays exactly from its --seed. mulberry32: small, fast, good enough for picking test inputs.

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A bigint in [min, max]. */
  bigint(min: bigint, max: bigint): bigint {
    const span = max - min + 1n;
    let r = 0n;
    // Four 32-bit draws cover any int64 span with negligible bias.
    for (let i = 0; i < 4; i++) r = (r << 32n) | BigInt(Math.floor(this.next() * 4294967296));
    return min + (r % span);
  }

  /** A lower-case hex token of `length` characters. */
  token(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}

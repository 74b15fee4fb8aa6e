// A growing buffer that text is put into as UTF-8 bytes: kept bytes copied in whole, short ASCII texts (a
// number) a character a byte, any other text encoded. What har-entry.ts writes an entry into.
import { jsonString } from './har-json.ts';

export class ByteOut {
  buffer: Buffer;
  /** Bytes put so far (the buffer's first). */
  used = 0;

  constructor(size = 2 ** 20) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  #room(n: number): void {
    if (this.used + n <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, this.used + n));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }

  bytes(b: Uint8Array): void {
    this.#room(b.length);
    this.buffer.set(b, this.used);
    this.used += b.length;
  }

  /** `s`, which holds only ASCII characters (a number, a time's digits). */
  ascii(s: string): void {
    this.#room(s.length);
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 0; i < s.length; i++) buffer[at++] = s.charCodeAt(i);
    this.used = at;
  }

  /** `s` as JSON.stringify writes it: a character a byte while none needs an escape or is past ASCII. */
  json(s: string): void {
    this.#room(s.length + 2);
    const buffer = this.buffer;
    let at = this.used;
    buffer[at++] = 0x22;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7f) {
        // Nothing counted yet: the whole string again, from where it began.
        this.text(jsonString(s));
        return;
      }
      buffer[at++] = c;
    }
    buffer[at++] = 0x22;
    this.used = at;
  }

  /** Any text, encoded. */
  text(s: string): void {
    this.#room(3 * s.length);
    this.used += this.buffer.write(s, this.used, 'utf8');
  }

  /** The bytes put so far: valid until the next put or reset. */
  view(): Buffer {
    return this.buffer.subarray(0, this.used);
  }
}

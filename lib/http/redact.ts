// Keeps API keys out of everything the harness prints or writes. Each secret (and each form derived from
// it that a request carries, e.g. URL-encoded or inside Basic credentials) is replaced by the shell
// expression that rebuilds it, so redacted evidence doubles as a runnable reproduction.

export interface Secret {
  value: string;
  /** What replaces it, e.g. `$ORDER_STORE_API_KEY`. */
  expression: string;
}

export const KEY_VARIABLE = 'ORDER_STORE_API_KEY';
export const SECOND_KEY_VARIABLE = 'ORDER_STORE_SECOND_API_KEY';

export class Redactor {
  private secrets: Secret[] = [];

  constructor(secrets: Secret[] = []) {
    for (const s of secrets) this.add(s);
  }

  /** Registers a secret; very short values are ignored (redacting "a" would garble every body). */
  add(secret: Secret): void {
    if (secret.value.length < 4 || this.secrets.some((s) => s.value === secret.value)) return;
    this.secrets.push(secret);
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets.sort((a, b) => b.value.length - a.value.length);
  }

  /** Registers a key under its variable name, with its URL-encoded form. */
  addKey(value: string, variable: string): void {
    this.add({ value, expression: `$${variable}` });
    const encoded = encodeURIComponent(value);
    if (encoded !== value) this.add({ value: encoded, expression: `$${variable}` });
  }

  /** The expressions that stand for secrets, for curl.ts to leave unescaped. */
  expressions(): string[] {
    return [...new Set(this.secrets.map((s) => s.expression))].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s.value).join(s.expression);
    return out;
  }

  redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) continue;
      out[k] = Array.isArray(v) ? v.map((x) => this.redact(x)) : this.redact(v);
    }
    return out;
  }
}

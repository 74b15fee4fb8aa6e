// The hand-written lossless parser reads what lossless-json (the library it replaced, still the reference
// here) reads, value for value and error for error, on generated JSON and on broken texts.
import fc from 'fast-check';
import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { arrayMember, NOT_UTF8, parseJson, readJsonItems } from './json.ts';
import { JsonDepthError, MAX_JSON_DEPTH, nestingDepth, readItems, readMember } from './json-parse.ts';
import { useNativeSlices } from './json-scalars.ts';

/** lossless-json with the number rule the harness always used: safe integers and fractions as numbers. */
function reference(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const value = parse(text, null, (t: string) => {
      if (/^-?\d+$/.test(t)) {
        const n = Number(t);
        return Number.isSafeInteger(n) ? n : BigInt(t);
      }
      return Number(t);
    });
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

const SAFE = 2n ** 53n;
/** Integers of every length, the ones around 2^53 (where a float sum stops being exact) most of all. */
const bigIntegers = fc
  .oneof(
    fc.bigInt(-(2n ** 70n), 2n ** 70n),
    fc.bigInt(SAFE - 2000n, SAFE + 2000n),
    fc.bigInt(10n ** 14n, 10n ** 18n),
    fc.bigInt(-SAFE - 2000n, -SAFE + 2000n),
  )
  .map(String);
const numbers = fc.oneof(bigIntegers, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String));

/** JSON texts with integers of every size, fractions, exponents, escapes and whitespace. */
const texts = fc.oneof(
  fc.json({ depthSize: 'small' }),
  fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
  fc
    .array(fc.tuple(numbers, fc.string()), { maxLength: 6 })
    .map((rows) => `[${rows.map(([n, s]) => `{"id":${n},\t"s":${JSON.stringify(s)} }`).join(',\n')}]`),
);

describe('json-parse', () => {
  it('reads generated JSON exactly as lossless-json does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(parseJson(text)).toEqual(reference(text));
        expect(parseJson(Buffer.from(text))).toEqual(reference(text));
      }),
      { numRuns: 400, seed: 13 },
    );
  });

  it('fails broken texts with lossless-json’s message and position', () => {
    const broken = fc
      .tuple(
        fc.json({ depthSize: 'small' }),
        fc.nat(),
        fc.constantFrom('', '}', ']', ',', ':', '"', 'x', '-', '.', 'e', '\\', '\n'),
      )
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
      })
      .filter((t) => /^[\x20-\x7e\n]*$/.test(t));
    fc.assert(
      fc.property(broken, (text) => {
        expect(parseJson(text)).toEqual(reference(text));
      }),
      { numRuns: 600, seed: 13 },
    );
  });

  it.each([
    '',
    ' ',
    '[1,]',
    '{"a":1,}',
    '{"a" 1}',
    '{"a":}',
    '[1 2]',
    '01',
    '-',
    '1.',
    '1e',
    '.5',
    'tru',
    'nul',
    'falsy',
    '"abc',
    '"a\\x"',
    '"\\u12G4"',
    '"a\tb"',
    '{"a":1,"a":2}',
    '{"a":[1,{"b":2}],"a":[1,{"b":2}]}',
    '[1',
    '{"a":1',
    '{1:2}',
  ])('%j: the same result as lossless-json', (text) => {
    expect(parseJson(text)).toEqual(reference(text));
  });

  it('keeps __proto__ an own key, as JSON.parse does', () => {
    const r = parseJson('{"__proto__":{"x":1}}');
    expect(r.ok && Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(r.ok && Object.keys(r.value as object)).toEqual(['__proto__']);
  });

  it('decodes UTF-8 strings and keys; bytes that are not UTF-8 are no JSON text (RFC 8259 §8.1)', () => {
    expect(parseJson(Buffer.from('{"ключ":"значение"}'))).toEqual({ ok: true, value: { ключ: 'значение' } });
    const bytes = Buffer.concat([
      Buffer.from('{"ключ":"значение","x":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    expect(parseJson(bytes)).toEqual({ ok: false, error: NOT_UTF8 });
  });

  it('hands the raw text of a member written with a fraction or an exponent to the hook', () => {
    const seen: Array<[string, string]> = [];
    const r = parseJson('[{"id":9.007199254740993e15},{"id":7},{"id":1.0}]', (text, _holder, key) =>
      seen.push([key, text]),
    );
    expect(r.ok).toBe(true);
    expect(seen).toEqual([
      ['id', '9.007199254740993e15'],
      ['id', '1.0'],
    ]);
  });

  it('reads one member of each array item as the full parse does, without building the items', () => {
    const items = fc.array(
      fc.oneof(fc.record({ id: numbers, rest: fc.jsonValue() }, { requiredKeys: [] }), fc.jsonValue()),
      { maxLength: 8 },
    );
    const list = items.map(
      (xs) =>
        `[${xs
          .map((x) =>
            x !== null && typeof x === 'object' && !Array.isArray(x)
              ? `{${Object.entries(x)
                  .map(([k, v]) => `${JSON.stringify(k)}:${k === 'id' ? v : JSON.stringify(v)}`)
                  .join(',')}}`
              : JSON.stringify(x),
          )
          .join(',')}]`,
    );
    fc.assert(
      fc.property(list, (text) => {
        const full = reference(text);
        expect(full.ok, text).toBe(true);
        const expected = (full as { value: unknown[] }).value.map((x) =>
          x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as { id?: unknown }).id : undefined,
        );
        expect(readMember(Buffer.from(text), 'id')).toEqual(expected);
      }),
      { numRuns: 300, seed: 13 },
    );
    expect(readMember(Buffer.from('{"orders":[]}'), 'id')).toBeUndefined();
    expect(() => readMember(Buffer.from('[{"id":1},'), 'id')).toThrow(SyntaxError);
    expect(() => readMember(Buffer.from('[{"id":1,"x":[1,}]'), 'id')).toThrow(SyntaxError);
  });

  it('hands over each item of an array in order, as the full parse builds it, and keeps none', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const full = reference(text);
        if (!full.ok) return;
        const seen: unknown[] = [];
        const read = readItems(Buffer.from(text), (item, i) => {
          expect(i).toBe(seen.length);
          seen.push(item);
        });
        if (Array.isArray(full.value)) expect(read).toEqual({ array: true, count: seen.length });
        else expect(read).toEqual({ array: false, value: full.value });
        if (Array.isArray(full.value)) expect(seen).toEqual(full.value);
      }),
      { numRuns: 300, seed: 13 },
    );
    expect(() => readItems(Buffer.from('[{"a":1},{"a":'), () => {})).toThrow(
      "Object value expected after ':' at position 14",
    );
  });

  it("decodes the same with the documented toString as with Buffer's own slice decoders", () => {
    useNativeSlices(false);
    try {
      fc.assert(
        fc.property(texts, (text) => {
          expect(parseJson(Buffer.from(text))).toEqual(reference(text));
        }),
        { numRuns: 300, seed: 17 },
      );
      expect(parseJson(Buffer.from('{"ключ":"зн\\u00e9ач","k":"a\\"b","n":12345678901234567890}'))).toEqual({
        ok: true,
        value: { ключ: 'знéач', k: 'a"b', n: 12345678901234567890n },
      });
    } finally {
      useNativeSlices(true);
    }
  });
});

describe('json-parse nesting', () => {
  const deep = (n: number, inner = '') => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;

  it(`reads ${MAX_JSON_DEPTH} levels and refuses one more, saying how deep the text is`, () => {
    expect(parseJson(deep(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(() => parseJson(deep(MAX_JSON_DEPTH + 1))).toThrow(JsonDepthError);
    expect(() => parseJson(deep(MAX_JSON_DEPTH + 1))).toThrow(
      `nested ${MAX_JSON_DEPTH + 1} deep (past byte ${MAX_JSON_DEPTH})`,
    );
  });

  it('a list nested a million deep is a limit of the harness, never a stack overflow nor "not JSON"', () => {
    const text = Buffer.from(deep(1_000_000));
    let error: unknown;
    try {
      parseJson(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonDepthError);
    expect(error).toMatchObject({ code: 'E_JSON_DEPTH', depth: 1_000_000 });
    expect(() => readJsonItems(text, () => {})).toThrow(JsonDepthError);
    expect(arrayMember(text, 'id')).toBeUndefined();
    // The parser is whole again after it: the next text reads as usual.
    expect(parseJson('[{"id":1}]')).toEqual({ ok: true, value: [{ id: 1 }] });
  });

  it('a valid Error with a deep member is no "not JSON" either', () => {
    const body = `{"code":"E","message":"m","status":401,"detail":${deep(100_000, '{"a":"[["}')}}`;
    expect(() => parseJson(body)).toThrow(/nested 100002 deep/);
    expect(nestingDepth(Buffer.from('{"a":"[[[[","b":[{}]}'))).toBe(3);
  });
});

// The cost of reading a large order list losslessly (ids beyond 2^53 exact) against JSON.parse, which
// would round them: median time per parse and the ratio.
import { parseJson } from '../lib/formats/json.ts';
import type { Figure } from './figures.ts';
import { median } from './stats.ts';

function listText(n: number): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = i % 3 === 0 ? `${9007199254740993n + BigInt(i)}` : String(i + 1);
    items.push(
      `{"id":${id},"petId":${i * 7},"quantity":${(i % 5) + 1},"shipDate":"2026-11-22T10:00:00.${String(i % 1000).padStart(3, '0')}Z","complete":${i % 2 === 0}}`,
    );
  }
  return `[${items.join(',')}]`;
}

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export function losslessFigure(orders: number, rounds: number): Figure {
  const text = listText(orders);
  // The run parses the body's bytes as read; JSON.parse is given the already decoded text.
  const bytes = Buffer.from(text, 'utf8');
  const plain: number[] = [];
  const lossless: number[] = [];
  for (let r = 0; r < rounds; r++) {
    plain.push(time(() => JSON.parse(text)));
    const parsed = { ok: false };
    lossless.push(
      time(() => {
        parsed.ok = parseJson(bytes).ok;
      }),
    );
    if (!parsed.ok) throw new Error('the lossless parser rejected the list');
  }
  const ratio = median(lossless) / median(plain);
  return {
    name: 'lossless parse against `JSON.parse`',
    value: `${ratio.toFixed(1)}×`,
    target: 'under 3×',
    holds: ratio < 3,
    detail: `${orders.toLocaleString('en')} orders (${(text.length / 1048576).toFixed(1)} MiB), n=${rounds}: JSON.parse median ${median(plain).toFixed(1)} ms, lossless ${median(lossless).toFixed(1)} ms`,
  };
}

// How much the lossless JSON reading of a large order list costs against JSON.parse (which would round
// ids above 2^53): median time per parse and the ratio. Run: npm run bench.
import { parseJson } from '../lib/formats/json.ts';
import { validate } from '../lib/formats/validation.ts';
import { describe, median } from './stats.ts';

const ORDERS = 20_000;
const ROUNDS = 15;

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

function time(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const text = listText(ORDERS);
const plain: number[] = [];
const lossless: number[] = [];
const validated: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  plain.push(time(() => JSON.parse(text)));
  lossless.push(time(() => parseJson(text)));
  const parsed = parseJson(text);
  validated.push(time(() => parsed.ok && validate('order-list', parsed.value)));
}
const heapBefore = process.memoryUsage().heapUsed;
const kept = parseJson(text);
const heapAfter = process.memoryUsage().heapUsed;

console.log(`order list of ${ORDERS} orders, ${(text.length / 1024 / 1024).toFixed(1)} MiB`);
console.log(`  JSON.parse:           ${describe(plain, 'ms')}`);
console.log(`  lossless parseJson:   ${describe(lossless, 'ms')}`);
console.log(`  order-list schema:    ${describe(validated, 'ms')}`);
console.log(`  ratio lossless/plain: ${(median(lossless) / median(plain)).toFixed(1)}x`);
console.log(
  `  heap held by one parsed list: ~${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB (${kept.ok})`,
);

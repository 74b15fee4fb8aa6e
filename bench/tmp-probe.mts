import { writeFileSync } from 'node:fs';
import { storeOf } from './targets.ts';

writeFileSync(
  '/tmp/orders100k.json',
  JSON.stringify(storeOf(100_000), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
);

// npm pack and npm publish, once the tarball is written: puts back the checkout's package.json, which
// prepack.mjs set aside to pack one without the `prepare` script. Does nothing when there is nothing kept.
import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const kept = join(root, 'package.json.prepack');
if (existsSync(kept)) renameSync(kept, join(root, 'package.json'));

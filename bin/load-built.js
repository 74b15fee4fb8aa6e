// Imports a module of the build (dist/), or says in one line how to make the build when it is missing.
import { existsSync } from 'node:fs';

export async function loadBuilt(path) {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(url)) {
    process.stderr.write(
      `order-store-conformance: the build is missing (dist/${path}); run npm ci, or npm run build after editing the sources\n`,
    );
    process.exit(2);
  }
  return import(url.href);
}

// Imports a module of the build (dist/), or says in one line how to make the build when it is missing. The
// command's bundle (dist/bundle/, scripts/bundle.mjs) stands in for its modules when it is at least as new as
// they are: a build by tsc alone leaves it stale, and the modules are then loaded as they are.
import { existsSync, statSync } from 'node:fs';

export async function loadBuilt(path, bundled) {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(url)) {
    process.stderr.write(
      `order-store-conformance: the build is missing (dist/${path}); run npm ci, or npm run build after editing the sources\n`,
    );
    process.exit(2);
  }
  if (bundled) {
    const bundle = new URL(`../dist/bundle/${bundled}`, import.meta.url);
    const at = statSync(bundle, { throwIfNoEntry: false });
    if (at && at.mtimeMs >= statSync(url).mtimeMs) return import(bundle.href);
  }
  return import(url.href);
}

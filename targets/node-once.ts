// A Node zoo target's TypeScript compiled once per process (esbuild) into one module run by plain node; its
// packages load from node_modules, by path, as under tsx. Test support only. Under `node --import tsx` each start
// cost 0.3-0.6 s more CPU (tsx's loader thread and esbuild service): the zoo starts these targets 32 times.
import { join } from 'node:path';
import { buildOnce } from './build-once.ts';

/** `server` (a target's server.ts) compiled at the first call, once per process; answers the module to run. */
export function compiledOnce(id: string, server: string): () => Promise<string> {
  return buildOnce(`${id}-node`, async (dir) => {
    const out = join(dir, 'server.mjs');
    // Imported here, not at the top: a target's server.ts imports its target.ts, and so this file.
    const { build } = await import('esbuild');
    await build({
      entryPoints: [server],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      plugins: [
        {
          // Every package import left to node, by its resolved path (the module sits outside the repository,
          // where no node_modules is found by name): the target's own files alone are compiled in.
          name: 'packages-by-path',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (args.pluginData === 'inner' || args.path.startsWith('node:')) return undefined;
              const found = await b.resolve(args.path, {
                kind: args.kind,
                resolveDir: args.resolveDir,
                pluginData: 'inner',
              });
              return found.errors.length > 0
                ? { errors: found.errors }
                : { path: found.path, external: true };
            });
          },
        },
      ],
    });
    return out;
  });
}

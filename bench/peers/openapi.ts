// The project's schemas/openapi.yaml as a peer that cannot read it verbatim needs it: external $refs inlined,
// the version it parses, and example values for path parameters. Changes nothing that a response is judged by.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));
export const OPENAPI = join(SCHEMAS, 'openapi.yaml');

type Node = unknown;

/** A schema file of schemas/, without the keywords that only name it, its own $refs inlined too. */
function schemaFile(ref: string): Node {
  const schema = JSON.parse(readFileSync(join(SCHEMAS, ref.replace(/^\.\//, '')), 'utf8')) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  delete schema.$id;
  return inline(schema);
}

function inline(node: Node): Node {
  if (Array.isArray(node)) return node.map(inline);
  if (node && typeof node === 'object') {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) return schemaFile(ref);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
  }
  return node;
}

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
}

/**
 * Writes the derived description to `file`: `openapi` set to `version`, every external $ref inlined, and
 * `examples[name]` as the example of each path parameter of that name (a tool that sends only what the
 * description shows needs one to send anything).
 */
export function derivedOpenApi(file: string, version: string, examples: Record<string, unknown>): string {
  const doc = inline(parse(readFileSync(OPENAPI, 'utf8'))) as {
    openapi: string;
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  doc.openapi = version;
  for (const item of Object.values(doc.paths))
    for (const operation of Object.values(item))
      for (const p of operation.parameters ?? [])
        if (p.in === 'path' && p.name in examples) p.example = examples[p.name];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stringify(doc));
  return file;
}

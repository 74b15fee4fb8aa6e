// GET /pets/{petId}, the deprecated read (spec §4 Other operations, §9 rule 3): a pet exists when an order names it.
// Must not add the deprecation headers itself; the pipeline puts them on every response of this route.

import type { RouteContext } from './context.ts';
import { parsePathId } from './path-id.ts';
import { errorReply, jsonReply, type Reply } from './reply.ts';

const NAMES = ['Rex', 'Bella', 'Milo', 'Luna', 'Coco', 'Nala', 'Otto'];

export function getPet(ctx: RouteContext, rawId: string, dryRun: boolean): Reply | undefined {
  const parsed = parsePathId(rawId, 'petId');
  if (!parsed.ok) return errorReply(ctx.faults, 400, 'INVALID_PET_ID', parsed.reason);
  const id = parsed.id;
  if (!ctx.store.hasPet(id)) return errorReply(ctx.faults, 404, 'PET_NOT_FOUND', `No pet has id ${id}.`);
  if (dryRun) return undefined;
  const n = BigInt(NAMES.length);
  const name = NAMES[Number(((id % n) + n) % n)]!;
  // Template, not JSON.stringify: the id must be written with all its digits. Fault pets-json-invalid: the
  // legacy handler's object literal, written as JavaScript source.
  if (ctx.faults.has('pets-json-invalid'))
    return jsonReply(200, `{id: ${id}, name: '${name}', status: 'available'}`);
  return jsonReply(200, `{"id":${id},"name":${JSON.stringify(name)},"status":"available"}`);
}

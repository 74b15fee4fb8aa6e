// Writes lib/formats/schema-validators.generated.ts from the schema files (npm run validators): the validators
// a run uses, precompiled by ajv. lib/formats/validation.test.ts compares the two.
import { writeFileSync } from 'node:fs';
import { standaloneModule } from '../lib/formats/schema-ajv.ts';

writeFileSync(new URL('../lib/formats/schema-validators.generated.ts', import.meta.url), standaloneModule());

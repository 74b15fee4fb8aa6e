// Writes the generated documentation (npm run docs): docs/checks.md from the check catalogue and the variant
// matrix, the settings table of docs/settings.md, and the fault and variant tables of reference/README.md.
// test/package/docs.test.ts compares each with this.
import { readFileSync, writeFileSync } from 'node:fs';
import { toleratedVariants } from '../test/variants/index.ts';
import { catalogueMarkdown } from './checks-markdown.ts';
import { withTables } from './reference-tables.ts';
import { withSettingsTable } from './settings-markdown.ts';

writeFileSync(new URL('./checks.md', import.meta.url), catalogueMarkdown(toleratedVariants()));
const settings = new URL('./settings.md', import.meta.url);
writeFileSync(settings, withSettingsTable(readFileSync(settings, 'utf8')));
const referenceReadme = new URL('../reference/README.md', import.meta.url);
writeFileSync(referenceReadme, withTables(readFileSync(referenceReadme, 'utf8')));

// Writes docs/checks.md from the check catalogue and the variant matrix (npm run docs). The self-tests
// compare the two.
import { writeFileSync } from 'node:fs';
import { catalogueMarkdown } from '../cli/catalogue.ts';
import { toleratedVariants } from '../test/variants/index.ts';

writeFileSync(new URL('./checks.md', import.meta.url), catalogueMarkdown(toleratedVariants()));

#!/usr/bin/env node
// Runs the TypeScript command through tsx's loader: no build step between a checkout and a run.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
const code = await main(process.argv.slice(2));
// Exit now: a run stopped by a signal may leave its test worker winding down, and the report is written.
process.exit(code);

#!/usr/bin/env node
// Runs the TypeScript command through tsx's loader: no build step between a checkout and a run.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../lib/cli.ts');
process.exitCode = await main(process.argv.slice(2));

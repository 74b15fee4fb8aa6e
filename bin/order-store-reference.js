#!/usr/bin/env node
// Runs the reference server command (reference/cli.ts) as built into dist/; no TypeScript at run time.
import { loadBuilt } from './load-built.js';

await loadBuilt('reference/cli.js');

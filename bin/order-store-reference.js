#!/usr/bin/env node
// Runs the reference server command (reference/cli.ts) through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../reference/cli.ts');

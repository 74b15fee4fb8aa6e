// npm ci and npm install in a checkout build dist/, so the command runs at once. npm pack and publish also
// call this, after prepack has built (or found dist/ built: build-stamp.mjs): it does not build twice. In an
// installed package (no sources, only the build) there is nothing to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const checkout = existsSync('tsconfig.build.json');
if (checkout && !['pack', 'publish'].includes(process.env.npm_command ?? ''))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

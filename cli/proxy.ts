import { EXIT } from '../lib/errors.ts';
import type { Subcommand } from './io.ts';
export const proxyCommand: Subcommand = async () => EXIT.usage;

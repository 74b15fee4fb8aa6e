// spec §8 Limits: the rate-limit probe. Runs after every other sender, one request at a time.
import { suite } from './support/context.ts';

export const rateLimitProbe = suite({
  id: 'RL-PROBE',
  title: 'Rate-limit probe',
  spec: 'spec §8',
  checks: [],
});

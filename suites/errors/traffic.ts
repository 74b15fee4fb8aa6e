// The Error bodies judged from recorded traffic, as in a run: every error response that carries a body.
import type { TrafficJudges } from '../kit/traffic.ts';

const ERRORS = 'an error response (4xx, 5xx) with a body';

export const ERRORS_TRAFFIC: TrafficJudges = {
  'ERR-BODY-SCHEMA': { judge: 'run', shows: ERRORS },
  'ERR-STATUS-MATCHES': { judge: 'run', shows: ERRORS },
};

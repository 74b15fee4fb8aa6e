// Versioning judged from recorded traffic: the base URL the recording is judged under (given, or found from
// its requests) and whether the first list with the key answered below it.
import type { TrafficJudges } from '../kit/traffic.ts';

export const VERSIONING_TRAFFIC: TrafficJudges = {
  'VER-BASE-PATH-V1': { judge: 'run', shows: 'a GET /store/orders sent with the key and answered' },
};

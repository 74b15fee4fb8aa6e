// The deprecated pets read judged from recorded traffic: the first GET /pets/{petId} with the key stands for
// the run's own (its headers recorded, not judged), and every one without credentials must be refused.
import { refused } from '../auth/traffic.ts';
import type { TrafficJudges } from '../kit/traffic-judges.ts';

const PET = 'a GET /pets/{petId} sent with the key and answered';

export const PETS_TRAFFIC: TrafficJudges = {
  'PETS-401-WITHOUT-CREDENTIALS': {
    judge: refused(
      'AUTH-MISSING-401',
      'no credential at all, on the pets read',
      ({ route }) => route?.op === 'pets',
    ),
    shows: 'a GET /pets/{petId} sent without any credential',
  },
  'PETS-RESPONSE-INFO': { judge: 'run', shows: PET },
  'PETS-DEPRECATION-HEADER': { judge: 'run', shows: PET },
  'PETS-SUNSET-HEADER': { judge: 'run', shows: PET },
  // Every recorded answer carrying the field, or to the deprecated read, as the run reads its own.
  'PETS-SUNSET-HTTP-DATE': { judge: 'run', shows: `${PET}, or any answer carrying Sunset` },
  'PETS-DEPRECATION-DATE': { judge: 'run', shows: `${PET}, or any answer carrying Deprecation` },
};

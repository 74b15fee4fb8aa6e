// Faults caught by the ordinary checks (list, cancel, auth, errors, deprecated pets, whole-run headers).
import type { FaultExpectation } from './types.ts';

const NO_PROBE = ['--skip-rate-limit-probe'];

export const API_FAULTS: Record<string, FaultExpectation> = {
  'cancel-200-instead-of-204': { fails: ['CANCEL-PENDING-204'], args: NO_PROBE, exit: 1 },
  'cancel-204-with-body': { fails: ['CANCEL-204-NO-CONTENT'], args: NO_PROBE, exit: 1 },
  'cancel-unknown-204': { fails: ['CANCEL-UNKNOWN-404'], args: NO_PROBE, exit: 1 },
  'cancel-shipped-204': { fails: ['CANCEL-SHIPPED-409'], args: NO_PROBE, exit: 1 },
  'cancel-repeat-204': { fails: ['CANCEL-REPEAT-NOT-2XX'], args: NO_PROBE, exit: 1 },
  'error-missing-message': {
    fails: ['ERR-BODY-SCHEMA', 'CANCEL-UNKNOWN-404-BODY', 'AUTH-401-ERROR-BODY'],
    args: NO_PROBE,
    exit: 1,
  },
  'error-status-string': { fails: ['ERR-BODY-SCHEMA', 'CANCEL-UNKNOWN-404-BODY'], args: NO_PROBE, exit: 1 },
  'error-status-mismatch': {
    fails: ['ERR-STATUS-MATCHES', 'CANCEL-UNKNOWN-404-BODY'],
    args: NO_PROBE,
    exit: 1,
  },
  'error-text-plain': { fails: ['ERR-BODY-SCHEMA', 'AUTH-401-ERROR-BODY'], args: NO_PROBE, exit: 1 },
  'auth-any-token': { fails: ['AUTH-UNKNOWN-KEY-401'], args: NO_PROBE, exit: 1 },
  'auth-query-key': { fails: ['AUTH-QUERY-KEY-401'], args: NO_PROBE, exit: 1 },
  'auth-after-existence': { fails: ['AUTH-BEFORE-EXISTENCE', 'AUTH-MISSING-401'], args: NO_PROBE, exit: 1 },
  'auth-no-www-authenticate': { fails: ['AUTH-WWW-AUTHENTICATE'], args: NO_PROBE, exit: 1 },
  'auth-other-scheme-accepted': { fails: ['AUTH-OTHER-SCHEME-401'], args: NO_PROBE, exit: 1 },
  'auth-trailing-text-accepted': { fails: ['AUTH-KEY-EXTRA-TEXT-401'], args: NO_PROBE, exit: 1 },
  'auth-key-case-insensitive': { fails: ['AUTH-KEY-ALTERED-401'], args: NO_PROBE, exit: 1 },
  'auth-scheme-case-sensitive': { warns: ['AUTH-SCHEME-CASE-INSENSITIVE'], args: NO_PROBE, exit: 0 },
  'list-wrapped': { fails: ['LIST-BODY-ARRAY'], args: NO_PROBE, exit: 1 },
  'list-id-string': { fails: ['LIST-ITEMS-ORDER', 'LIST-IDS-INT64'], args: NO_PROBE, exit: 1 },
  'list-shipdate-not-rfc3339': { fails: ['LIST-ITEMS-ORDER'], args: NO_PROBE, exit: 1 },
  'list-quantity-not-integer': { fails: ['LIST-ITEMS-ORDER'], args: NO_PROBE, exit: 1 },
  'list-status-206': { fails: ['LIST-STATUS-200'], args: NO_PROBE, exit: 1 },
  'list-content-type-text': { warns: ['LIST-CONTENT-TYPE-JSON'], args: NO_PROBE, exit: 0 },
  'list-duplicate-ids': { fails: ['LIST-IDS-UNIQUE'], args: NO_PROBE, exit: 1 },
  'conflict-body-not-error': { fails: ['CANCEL-SHIPPED-409-BODY'], args: NO_PROBE, exit: 1 },
  'auth-empty-bearer-accepted': { fails: ['AUTH-EMPTY-BEARER-401'], args: NO_PROBE, exit: 1 },
  'auth-challenge-basic': { fails: ['AUTH-CHALLENGE-BEARER'], args: NO_PROBE, exit: 1 },
  'api-not-under-v1': { fails: ['VER-BASE-PATH-V1', 'LIST-STATUS-200'], args: NO_PROBE, exit: 1 },
  'list-query-narrows': { fails: ['LIST-NO-NARROWING'], args: NO_PROBE, exit: 1 },
  'pets-no-auth': { fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401'], args: NO_PROBE, exit: 1 },
  'ratelimit-headers-missing-on-errors': { fails: ['RL-HEADERS-PRESENT'], args: NO_PROBE, exit: 1 },
  'ratelimit-headers-missing-on-404': { fails: ['RL-HEADERS-PRESENT'], args: NO_PROBE, exit: 1 },
  'ratelimit-reset-ms': { fails: ['RL-HEADERS-RESET-UNIX-SECONDS'], args: NO_PROBE, exit: 1 },
  'ratelimit-reset-delta': { fails: ['RL-HEADERS-RESET-UNIX-SECONDS'], args: NO_PROBE, exit: 1 },
  // A run against a real server lasts seconds, so a Reset that is always now + 60 s moves later while
  // Remaining falls; against the loopback reference a run may take a tenth of a second, so its clock runs 300x.
  'ratelimit-reset-rolling': {
    fails: ['RL-HEADERS-RESET-STABLE'],
    args: NO_PROBE,
    clockSpeed: 300,
    exit: 1,
  },
  'ratelimit-limit-by-status': { fails: ['RL-HEADERS-LIMIT-BY-STATUS'], args: NO_PROBE, exit: 1 },
};

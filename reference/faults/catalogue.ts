// The named faults the reference server can switch on, every area's in one list: a realistic deviation each,
// with the rule it breaks. Data only; the deviations themselves live beside the faithful code they bend.
import { AUTH_FAULTS } from './faults-auth.ts';
import { RATE_LIMIT_FAULTS } from './faults-rate-limit.ts';
import { RESPONSE_FAULTS } from './faults-responses.ts';

export type { FaultArea, FaultInfo } from './fault-info.ts';

export const FAULTS = [...RESPONSE_FAULTS, ...AUTH_FAULTS, ...RATE_LIMIT_FAULTS] as const;

export type FaultId = (typeof FAULTS)[number]['id'];

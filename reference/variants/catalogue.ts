// The named variants the reference server can switch on, every area's in one list (in the spec's order): each a
// choice the spec or an RFC leaves open, with the clause that allows it. Data only; the choices live beside the
// faithful code they replace.
import { AUTH_VARIANTS } from './auth.ts';
import { CANCEL_VARIANTS } from './cancel.ts';
import { ERRORS_VARIANTS } from './errors.ts';
import { HTTP_VARIANTS } from './http.ts';
import { LIST_VARIANTS } from './list.ts';
import { ORDER_ID_VARIANTS } from './order-id.ts';
import { PETS_VARIANTS } from './pets.ts';
import { RATE_LIMIT_VARIANTS } from './rate-limit.ts';
import { STATE_VARIANTS } from './state.ts';
import { VERSIONING_VARIANTS } from './versioning.ts';

export type { VariantInfo } from './variant-info.ts';

export const VARIANTS = [
  ...LIST_VARIANTS,
  ...CANCEL_VARIANTS,
  ...STATE_VARIANTS,
  ...ORDER_ID_VARIANTS,
  ...AUTH_VARIANTS,
  ...PETS_VARIANTS,
  ...VERSIONING_VARIANTS,
  ...ERRORS_VARIANTS,
  ...RATE_LIMIT_VARIANTS,
  ...HTTP_VARIANTS,
] as const;

export type VariantId = (typeof VARIANTS)[number]['id'];

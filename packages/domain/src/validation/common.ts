import { z } from 'zod';

import { PINCODE_PATTERN } from '../location/pincode.ts';

export { DEFAULT_PINCODE, PINCODE_PATTERN } from '../location/pincode.ts';

export const PINCODE_MESSAGE = 'Pincode must be six digits.';

export const Pincode = z
  .string({ error: PINCODE_MESSAGE })
  .trim()
  .regex(PINCODE_PATTERN, { error: PINCODE_MESSAGE });
export type Pincode = z.infer<typeof Pincode>;

/** requirements#mobile-number: a mobile number is 10 digits starting 6 to 9. */
export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
